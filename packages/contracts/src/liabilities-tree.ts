/**
 * Proof of liabilities: the Merkle sum tree the server builds once a day and the verification the
 * page runs (scripts/verify-liabilities-proof.mjs is the same in plain JavaScript, tested against the
 * same vectors). Pure: no clock, no randomness, no I/O; SHA-256 from @noble/hashes.
 *
 * - Every amount is a non-negative integer in the currency's minor units (a bigint here, a decimal
 *   string of digits on the wire), one per currency of the snapshot, in the snapshot's order.
 * - A user's leaf commits to `H("openbourse-pol:user|day|userId|nonce")` (the nonce is drawn per user
 *   per snapshot, so leaves do not reveal who they are nor link one day to the next) and to the
 *   balances; a node commits to both children's hashes **and both children's sums** (the fix of
 *   Maxwell's tree: a prover cannot move value between siblings), and carries their sum. The root's
 *   sums are the published totals.
 * - A verifier refuses any sum that is not a non-negative integer, so a negative balance cannot hide
 *   inside the tree to lower the totals.
 * - A level with an odd number of nodes is padded with the empty node (zero sums) before pairing;
 *   a tree of n leaves has depth ceil(log2 n) (0 for one leaf: the leaf is the root).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const POL_PREFIX = 'openbourse-pol';
export const POL_VERSION = 1;

export interface PolNode {
  hash: string;
  sums: bigint[];
}

export interface PolCurrency {
  code: string;
  scale: number;
}

const h = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const enc = (sums: readonly bigint[]) => sums.map(String).join(',');

/** The user's salted commitment: only they (and the platform) know the nonce. */
export function userCommitment(day: string, userId: number | string, nonce: string): string {
  return h(`${POL_PREFIX}:user|${day}|${userId}|${nonce}`);
}

export function leafNode(commitment: string, balances: readonly bigint[]): PolNode {
  return { hash: h(`${POL_PREFIX}:leaf|${commitment}|${enc(balances)}`), sums: [...balances] };
}

export function emptyNode(width: number): PolNode {
  return { hash: h(`${POL_PREFIX}:empty`), sums: Array.from({ length: width }, () => 0n) };
}

export function parentNode(left: PolNode, right: PolNode): PolNode {
  if (left.sums.length !== right.sums.length) throw new Error('pol: children of different widths');
  return {
    hash: h(`${POL_PREFIX}:node|${left.hash}|${enc(left.sums)}|${right.hash}|${enc(right.sums)}`),
    sums: left.sums.map((s, i) => s + (right.sums[i] as bigint)),
  };
}

/** Depth of a tree of `leafCount` leaves: ceil(log2 n), 0 for zero or one leaf. */
export function treeDepth(leafCount: number): number {
  let depth = 0;
  while (2 ** depth < leafCount) depth++;
  return depth;
}

/**
 * Every level of the tree, leaves first (level 0) up to the root (a level of one node). A level of
 * odd length (other than the root's) is padded with the empty node, so each node has a sibling.
 */
export function buildLevels(leaves: readonly PolNode[], width: number): PolNode[][] {
  for (const leaf of leaves) {
    if (leaf.sums.length !== width) throw new Error('pol: leaf of the wrong width');
    if (leaf.sums.some((s) => s < 0n)) throw new Error('pol: negative balance in a leaf');
  }
  const levels: PolNode[][] = [leaves.length ? [...leaves] : [emptyNode(width)]];
  for (;;) {
    const level = levels[levels.length - 1] as PolNode[];
    if (level.length === 1) return levels;
    if (level.length % 2 === 1) level.push(emptyNode(width));
    const next: PolNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentNode(level[i] as PolNode, level[i + 1] as PolNode));
    levels.push(next);
  }
}

export interface PathStep {
  /** Where the sibling sits: `left` means the sibling is hashed first. */
  side: 'left' | 'right';
  hash: string;
  sums: string[];
}

/** The siblings from leaf `index` up to the root. */
export function proofPath(levels: readonly PolNode[][], index: number): PathStep[] {
  const path: PathStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const level = levels[l] as PolNode[];
    const sibling = level[i ^ 1] as PolNode;
    path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sums: sibling.sums.map(String) });
    i >>= 1;
  }
  return path;
}

/** The proof file a user downloads (JSON). Amounts: minor units as strings of digits. */
export interface LiabilitiesProof {
  version: number;
  snapshot: {
    day: string;
    takenAt: string;
    leafCount: number;
    currencies: PolCurrency[];
    root: { hash: string; sums: string[] };
  };
  leaf: { userId: number; nonce: string; index: number; balances: string[] };
  path: PathStep[];
}

export type VerifyStepName = 'format' | 'commitment' | 'leaf' | 'path' | 'root' | 'totals';

export interface VerifyStep {
  step: VerifyStepName;
  ok: boolean;
  /** What was computed or what failed (hashes, the failing level …), for the page to show. */
  detail: string;
}

export interface VerifyResult {
  ok: boolean;
  steps: VerifyStep[];
  /** The root recomputed from the leaf and the path (null when the proof is malformed). */
  computed: { hash: string; sums: string[] } | null;
}

const DIGITS = /^(0|[1-9]\d*)$/;
const HEX64 = /^[0-9a-f]{64}$/;

function units(list: unknown, width: number): bigint[] | null {
  if (!Array.isArray(list) || list.length !== width) return null;
  if (!list.every((v) => typeof v === 'string' && DIGITS.test(v))) return null;
  return list.map((v) => BigInt(v as string));
}

/**
 * Checks a proof against the published root (`published`, from the public endpoint; the proof's own
 * root when omitted). Every step is reported; the first failing one says why.
 */
export function verifyProof(
  proof: LiabilitiesProof,
  published?: { hash: string; sums?: readonly string[] },
): VerifyResult {
  const steps: VerifyStep[] = [];
  const fail = (step: VerifyStepName, detail: string): VerifyResult => {
    steps.push({ step, ok: false, detail });
    return { ok: false, steps, computed: null };
  };
  // 1. Format: the numbers are non-negative integers, one per currency; hashes are hex.
  const snap = proof?.snapshot;
  const width = Array.isArray(snap?.currencies) ? snap.currencies.length : -1;
  if (!snap || !proof.leaf || !Array.isArray(proof.path) || width < 0) return fail('format', 'missing fields');
  const balances = units(proof.leaf.balances, width);
  if (!balances) return fail('format', 'leaf balances are not non-negative integers, one per currency');
  const { leafCount } = snap;
  const { index } = proof.leaf;
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || !Number.isSafeInteger(index) || index < 0)
    return fail('format', 'leaf count or index is not a whole number');
  if (index >= leafCount) return fail('format', `index ${index} is outside the ${leafCount} leaves`);
  if (proof.path.length !== treeDepth(leafCount))
    return fail(
      'format',
      `path of ${proof.path.length} steps, a tree of ${leafCount} leaves has ${treeDepth(leafCount)}`,
    );
  if (typeof proof.leaf.nonce !== 'string' || !HEX64.test(proof.leaf.nonce))
    return fail('format', 'nonce is not 32 bytes of hex');
  steps.push({ step: 'format', ok: true, detail: `${width} currencies, ${proof.path.length} levels` });

  // 2. The user's commitment from their id and the nonce.
  const commitment = userCommitment(snap.day, proof.leaf.userId, proof.leaf.nonce);
  steps.push({ step: 'commitment', ok: true, detail: commitment });

  // 3. The leaf.
  let node = leafNode(commitment, balances);
  steps.push({ step: 'leaf', ok: true, detail: node.hash });

  // 4. Up the path: each sibling's sums must be non-negative; its side must match the index.
  let i = index;
  for (const [level, sib] of proof.path.entries()) {
    const sums = units(sib?.sums, width);
    if (!sums) return fail('path', `level ${level + 1}: the sibling's sums are not non-negative integers`);
    if (typeof sib.hash !== 'string' || !HEX64.test(sib.hash)) return fail('path', `level ${level + 1}: bad hash`);
    const expected = i % 2 === 0 ? 'right' : 'left';
    if (sib.side !== expected)
      return fail('path', `level ${level + 1}: sibling on the ${sib.side}, the index puts it on the ${expected}`);
    const sibling = { hash: sib.hash, sums };
    node = expected === 'right' ? parentNode(node, sibling) : parentNode(sibling, node);
    i >>= 1;
  }
  steps.push({ step: 'path', ok: true, detail: node.hash });
  const computed = { hash: node.hash, sums: node.sums.map(String) };

  // 5. The root the platform published.
  const rootHash = (published?.hash ?? snap.root?.hash ?? '').toLowerCase();
  if (node.hash !== rootHash) {
    steps.push({ step: 'root', ok: false, detail: `computed ${node.hash}, published ${rootHash || '(none)'}` });
    return { ok: false, steps, computed };
  }
  steps.push({ step: 'root', ok: true, detail: node.hash });

  // 6. The totals the root carries are the published totals.
  const totals = published?.sums ?? snap.root?.sums;
  if (totals && (totals.length !== width || totals.some((t, k) => t !== computed.sums[k]))) {
    steps.push({
      step: 'totals',
      ok: false,
      detail: `computed ${computed.sums.join(',')}, published ${totals.join(',')}`,
    });
    return { ok: false, steps, computed };
  }
  steps.push({ step: 'totals', ok: true, detail: computed.sums.join(',') });
  return { ok: true, steps, computed };
}
