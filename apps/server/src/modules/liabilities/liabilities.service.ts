/**
 * Proof of liabilities: the daily snapshot (liabilities.snapshot.ts), the published roots, a user's
 * inclusion proof, and — for the back office — the recorded reserves and their coverage of the
 * latest totals (liabilities.reserves.ts).
 */
import {
  type LiabilitiesProof,
  type PathStep,
  POL_VERSION,
  type PolCurrency,
} from '@openbourse/contracts/liabilities-tree.ts';
import type { LiabilitiesRoot } from '@openbourse/contracts/liabilities.ts';
import { formatDecimal } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { liabilitiesErrors as errors } from './liabilities.errors.ts';
import { liabilitiesRepository as repo, type SnapshotRow } from './liabilities.repository.ts';
import { type SnapshotDeps, takeSnapshot } from './liabilities.snapshot.ts';

export function rootView(s: SnapshotRow): LiabilitiesRoot {
  return {
    day: s.day,
    takenAt: s.takenAt.toISOString(),
    rootHash: s.rootHash,
    leafCount: s.leafCount,
    depth: s.depth,
    totals: s.currencies.map((c, k) => {
      const units = s.totals[k] ?? '0';
      return { currency: c.code, scale: c.scale, units, amount: formatDecimal(BigInt(units), c.scale) };
    }),
  };
}

export function createLiabilities(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  nonce?: SnapshotDeps['nonce'];
}) {
  const { db, clock, ledger } = deps;

  /**
   * The day's snapshot, taken once: an existing one is returned as it is (a run repeated after a
   * crash, or two runs racing, publish one root — the day is unique). `tx` must be REPEATABLE READ
   * so every balance is read at the same point.
   */
  async function snapshotDay(tx: Executor, day: string): Promise<SnapshotRow> {
    const existing = await repo.snapshotOfDay(tx, day);
    if (existing) return existing;
    return (await takeSnapshot(tx, day, clock.now(), { ledger, ...(deps.nonce ? { nonce: deps.nonce } : {}) }))
      .snapshot;
  }

  return {
    snapshotDay,
    /** Takes (or finds) the day's snapshot in its own REPEATABLE READ transaction; `done` commits with it. */
    async runDay(day: string, markDone?: (tx: Executor) => Promise<void>): Promise<SnapshotRow> {
      return db.transaction(
        async (tx) => {
          const s = await snapshotDay(tx, day);
          if (markDone) await markDone(tx);
          return s;
        },
        { isolationLevel: 'repeatable read' },
      );
    },

    /** The latest published root (40140 before the first). */
    async latest(): Promise<LiabilitiesRoot> {
      const [s] = await repo.latest(db, 1);
      if (!s) throw errors.noSnapshot();
      return rootView(s);
    },

    async history(size: number): Promise<{ list: LiabilitiesRoot[] }> {
      return { list: (await repo.latest(db, size)).map(rootView) };
    },

    /** The user's own inclusion proof for a day (default the latest): only ever their own leaf. */
    async proof(userId: number, day?: string): Promise<LiabilitiesProof> {
      const s = day ? await repo.snapshotOfDay(db, day) : (await repo.latest(db, 1))[0];
      if (!s) throw errors.noSnapshot();
      const leaf = await repo.leafOf(db, s.id, userId);
      if (!leaf) throw errors.notInSnapshot();
      const at = Array.from({ length: s.depth }, (_, level) => ({ level, idx: (leaf.idx >> level) ^ 1 }));
      const nodes = await repo.nodesAt(db, s.id, at);
      const path: PathStep[] = at.map(({ level, idx }) => {
        const n = nodes.find((x) => x.level === level && x.idx === idx);
        if (!n) throw new Error(`liabilities: node ${level}/${idx} of snapshot ${s.day} missing`);
        return { side: idx % 2 === 1 ? 'right' : 'left', hash: n.hash, sums: n.sums };
      });
      return {
        version: POL_VERSION,
        snapshot: {
          day: s.day,
          takenAt: s.takenAt.toISOString(),
          leafCount: s.leafCount,
          currencies: s.currencies as PolCurrency[],
          root: { hash: s.rootHash, sums: s.totals },
        },
        leaf: { userId, nonce: leaf.nonce, index: leaf.idx, balances: leaf.balances },
        path,
      };
    },
  };
}

export type Liabilities = ReturnType<typeof createLiabilities>;
