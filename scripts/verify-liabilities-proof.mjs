#!/usr/bin/env node
/**
 * Verifies a proof-of-liabilities inclusion proof, with nothing but Node's own crypto.
 *
 *   node scripts/verify-liabilities-proof.mjs my-proof.json <published root hash>
 *
 * Download the proof from the "Proof of liabilities" page (signed in), copy the root hash the
 * platform publishes (the same page, or GET /swx/customer/index/liabilities), and run the line above.
 * It prints each step and OK, or what failed (exit code 1). Without the root argument the proof's
 * own root is used (that only shows the proof is self-consistent: compare the root with the
 * published one yourself).
 *
 * The same rules as packages/contracts/src/liabilities-tree.ts (tested against the same vectors):
 * leaf = H("openbourse-pol:leaf|" commitment "|" balances), commitment =
 * H("openbourse-pol:user|" day "|" userId "|" nonce), node = H("openbourse-pol:node|" left hash "|"
 * left sums "|" right hash "|" right sums) whose sums are the children's; every amount is a
 * non-negative integer in minor units, so a negative balance cannot hide in the tree.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const PREFIX = 'openbourse-pol';
const DIGITS = /^(0|[1-9]\d*)$/;
const HEX64 = /^[0-9a-f]{64}$/;

const h = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const enc = (sums) => sums.map(String).join(',');

function depthOf(n) {
  let d = 0;
  while (2 ** d < n) d++;
  return d;
}

function units(list, width) {
  if (!Array.isArray(list) || list.length !== width) return null;
  if (!list.every((v) => typeof v === 'string' && DIGITS.test(v))) return null;
  return list.map((v) => BigInt(v));
}

function parent(left, right) {
  return {
    hash: h(`${PREFIX}:node|${left.hash}|${enc(left.sums)}|${right.hash}|${enc(right.sums)}`),
    sums: left.sums.map((s, i) => s + right.sums[i]),
  };
}

/** Same contract as verifyProof in liabilities-tree.ts: { ok, steps: [{ step, ok, detail }], computed }. */
export function verifyProof(proof, published) {
  const steps = [];
  const fail = (step, detail) => {
    steps.push({ step, ok: false, detail });
    return { ok: false, steps, computed: null };
  };
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
  if (proof.path.length !== depthOf(leafCount))
    return fail(
      'format',
      `path of ${proof.path.length} steps, a tree of ${leafCount} leaves has ${depthOf(leafCount)}`,
    );
  if (typeof proof.leaf.nonce !== 'string' || !HEX64.test(proof.leaf.nonce))
    return fail('format', 'nonce is not 32 bytes of hex');
  steps.push({ step: 'format', ok: true, detail: `${width} currencies, ${proof.path.length} levels` });

  const commitment = h(`${PREFIX}:user|${snap.day}|${proof.leaf.userId}|${proof.leaf.nonce}`);
  steps.push({ step: 'commitment', ok: true, detail: commitment });
  let node = { hash: h(`${PREFIX}:leaf|${commitment}|${enc(balances)}`), sums: balances };
  steps.push({ step: 'leaf', ok: true, detail: node.hash });

  let i = index;
  for (const [level, sib] of proof.path.entries()) {
    const sums = units(sib?.sums, width);
    if (!sums) return fail('path', `level ${level + 1}: the sibling's sums are not non-negative integers`);
    if (typeof sib.hash !== 'string' || !HEX64.test(sib.hash)) return fail('path', `level ${level + 1}: bad hash`);
    const expected = i % 2 === 0 ? 'right' : 'left';
    if (sib.side !== expected)
      return fail('path', `level ${level + 1}: sibling on the ${sib.side}, the index puts it on the ${expected}`);
    const sibling = { hash: sib.hash, sums };
    node = expected === 'right' ? parent(node, sibling) : parent(sibling, node);
    i >>= 1;
  }
  steps.push({ step: 'path', ok: true, detail: node.hash });
  const computed = { hash: node.hash, sums: node.sums.map(String) };

  const rootHash = (published?.hash ?? snap.root?.hash ?? '').toLowerCase();
  if (node.hash !== rootHash) {
    steps.push({ step: 'root', ok: false, detail: `computed ${node.hash}, published ${rootHash || '(none)'}` });
    return { ok: false, steps, computed };
  }
  steps.push({ step: 'root', ok: true, detail: node.hash });
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

function formatUnits(u, scale) {
  const s = u.padStart(scale + 1, '0');
  return scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
}

function main(argv) {
  const [file, root] = argv;
  if (!file) {
    console.error('usage: node scripts/verify-liabilities-proof.mjs <proof.json> [published root hash]');
    return 2;
  }
  let proof;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`FAILED: cannot read ${file}: ${e.message}`);
    return 1;
  }
  const result = verifyProof(proof, root ? { hash: root } : undefined);
  for (const s of result.steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.step.padEnd(10)} ${s.detail}`);
  if (!result.ok) {
    const bad = result.steps.find((s) => !s.ok);
    console.log(`FAILED: ${bad?.step}: ${bad?.detail}`);
    return 1;
  }
  const cur = proof.snapshot.currencies;
  const mine = cur.map((c, k) => `${formatUnits(proof.leaf.balances[k], c.scale)} ${c.code}`).join(', ');
  console.log(`Your balances in the ${proof.snapshot.day} tree: ${mine}`);
  if (!root) console.log('(checked against the root inside the proof: compare it with the published root)');
  console.log('OK');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
