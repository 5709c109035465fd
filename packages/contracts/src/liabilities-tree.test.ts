/**
 * The Merkle sum tree of proof of liabilities, by table: the committed vectors (liabilities-vectors.json)
 * rebuilt and verified by the TypeScript function and by scripts/verify-liabilities-proof.mjs alike;
 * every tampering refused by both, at the step that catches it.
 */
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  type LiabilitiesProof,
  leafNode,
  parentNode,
  proofPath,
  treeDepth,
  userCommitment,
  type VerifyResult,
  verifyProof,
} from './liabilities-tree.ts';
import vectors from './liabilities-vectors.json' with { type: 'json' };

type Verify = (p: LiabilitiesProof, published?: { hash: string; sums?: readonly string[] }) => VerifyResult;
const scriptPath: string = new URL('../../../scripts/verify-liabilities-proof.mjs', import.meta.url).href;
const script = (await import(scriptPath)) as { verifyProof: Verify };
const VERIFIERS: [string, Verify][] = [
  ['TypeScript', verifyProof],
  ['the .mjs script', script.verifyProof],
];
const all = vectors as unknown as {
  name: string;
  root: { hash: string; sums: string[] };
  proofs: LiabilitiesProof[];
}[];
const clone = (p: LiabilitiesProof): LiabilitiesProof => JSON.parse(JSON.stringify(p));

describe('the tree', () => {
  it.each(all)('rebuilds the committed root of $name', (v) => {
    const leaves = v.proofs.map((p) =>
      leafNode(userCommitment(p.snapshot.day, p.leaf.userId, p.leaf.nonce), p.leaf.balances.map(BigInt)),
    );
    const levels = buildLevels(leaves, 2);
    const root = levels[levels.length - 1]?.[0];
    expect(root?.hash).toBe(v.root.hash);
    expect(root?.sums.map(String)).toEqual(v.root.sums);
    // The totals are the sums of every leaf, per currency.
    const totals = [0, 1].map((k) => v.proofs.reduce((s, p) => s + BigInt(p.leaf.balances[k] as string), 0n));
    expect(totals.map(String)).toEqual(v.root.sums);
    v.proofs.forEach((p, i) => {
      expect(proofPath(levels, i)).toEqual(p.path);
    });
  });

  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [1024, 10],
    [1025, 11],
  ])('a tree of %i leaves is %i levels deep', (n, d) => {
    expect(treeDepth(n)).toBe(d);
    if (n > 0 && n <= 1025) {
      const leaves = Array.from({ length: n }, (_, i) => leafNode(String(i), [BigInt(i)]));
      expect(buildLevels(leaves, 1).length - 1).toBe(d);
    }
  });

  it('refuses to build over a negative balance or a leaf of the wrong width', () => {
    expect(() => buildLevels([leafNode('a', [1n, -1n])], 2)).toThrow(/negative/);
    expect(() => buildLevels([leafNode('a', [1n])], 2)).toThrow(/width/);
  });

  it('an empty tree is the empty node with zero totals', () => {
    const levels = buildLevels([], 2);
    expect(levels).toHaveLength(1);
    expect(levels[0]?.[0]?.sums).toEqual([0n, 0n]);
  });
});

/** A tampering, the step that must catch it. */
const TAMPERINGS: [string, (p: LiabilitiesProof) => void, string][] = [
  [
    'a balance raised',
    (p) => {
      p.leaf.balances[0] = String(BigInt(p.leaf.balances[0] as string) + 1n);
    },
    'root',
  ],
  [
    'another nonce',
    (p) => {
      p.leaf.nonce = 'ab'.repeat(32);
    },
    'root',
  ],
  [
    'another user',
    (p) => {
      p.leaf.userId += 1;
    },
    'root',
  ],
  [
    'a negative balance',
    (p) => {
      p.leaf.balances[1] = '-5';
    },
    'format',
  ],
  [
    'a decimal balance',
    (p) => {
      p.leaf.balances[1] = '1.5';
    },
    'format',
  ],
  [
    'a number instead of a string',
    (p) => {
      (p.leaf.balances as unknown[])[1] = 5;
    },
    'format',
  ],
  [
    'a currency dropped',
    (p) => {
      p.leaf.balances.pop();
    },
    'format',
  ],
  [
    'the index out of the tree',
    (p) => {
      p.leaf.index = p.snapshot.leafCount;
    },
    'format',
  ],
  [
    'a step dropped',
    (p) => {
      p.path.pop();
    },
    'format',
  ],
  [
    'a malformed nonce',
    (p) => {
      p.leaf.nonce = 'xyz';
    },
    'format',
  ],
  [
    "a sibling's sums lowered",
    (p) => {
      const s = p.path[0] as LiabilitiesProof['path'][number];
      s.sums[1] = String(BigInt(s.sums[1] as string) + 1n);
    },
    'root',
  ],
  [
    'a negative sibling sum',
    (p) => {
      (p.path[0] as LiabilitiesProof['path'][number]).sums[0] = '-1';
    },
    'path',
  ],
  [
    'a sibling on the wrong side',
    (p) => {
      const s = p.path[0] as LiabilitiesProof['path'][number];
      s.side = s.side === 'left' ? 'right' : 'left';
    },
    'path',
  ],
  [
    'a sibling hash changed',
    (p) => {
      (p.path[0] as LiabilitiesProof['path'][number]).hash = '0'.repeat(64);
    },
    'root',
  ],
  [
    'the published totals changed',
    (p) => {
      p.snapshot.root.sums[0] = '1';
    },
    'totals',
  ],
];

describe.each(VERIFIERS)('verification by %s', (_name, verify) => {
  it.each(all.flatMap((v) => v.proofs.map((p, i) => [v.name, i, p] as const)))(
    '%s: leaf %i verifies against the published root',
    (_n, _i, p) => {
      const r = verify(p, p.snapshot.root);
      expect(r.ok).toBe(true);
      expect(r.steps.map((s) => s.step)).toEqual(['format', 'commitment', 'leaf', 'path', 'root', 'totals']);
      expect(r.computed).toEqual(p.snapshot.root);
    },
  );

  it('refuses another root', () => {
    const p = all[2]?.proofs[0] as LiabilitiesProof;
    const r = verify(p, { hash: all[1]?.root.hash as string });
    expect(r.ok).toBe(false);
    expect(r.steps.at(-1)?.step).toBe('root');
  });

  // Tampering needs a path: the 5-leaf tree's leaves (both sides), and the 3-leaf tree's padded last leaf.
  const targets = [all[2]?.proofs[0], all[2]?.proofs[3], all[1]?.proofs[2]] as LiabilitiesProof[];
  it.each(TAMPERINGS.flatMap(([what, change, step]) => targets.map((t, k) => [what, k, change, step, t] as const)))(
    'refuses %s (target %i)',
    (_what, _k, change, step, target) => {
      const p = clone(target);
      change(p);
      const r = verify(p, p.snapshot.root);
      expect(r.ok).toBe(false);
      expect(r.steps.find((s) => !s.ok)?.step).toBe(step);
    },
  );

  it('a single leaf is its own root (no path)', () => {
    const p = all[0]?.proofs[0] as LiabilitiesProof;
    expect(p.path).toEqual([]);
    expect(verify(p).ok).toBe(true);
  });

  it('cannot move value between siblings: the node commits to both children’s sums', () => {
    // The prover keeps the parent's total but shifts 1 unit from the sibling to the leaf.
    const p = clone(all[2]?.proofs[0] as LiabilitiesProof);
    const s = p.path[0] as LiabilitiesProof['path'][number];
    s.sums[0] = String(BigInt(s.sums[0] as string) - 1n);
    p.leaf.balances[0] = String(BigInt(p.leaf.balances[0] as string) + 1n);
    expect(verify(p, p.snapshot.root).ok).toBe(false);
  });
});

it('a parent carries the sum of its children', () => {
  const a = leafNode('a', [1n, 2n]);
  const b = leafNode('b', [3n, 4n]);
  expect(parentNode(a, b).sums).toEqual([4n, 6n]);
  expect(parentNode(a, b).hash).not.toBe(parentNode(b, a).hash);
});
