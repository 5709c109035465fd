import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type SpotPairRow, spotOrders, spotPairs } from './spot.tables.ts';

type PairTerms = Omit<typeof spotPairs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The stored pairs as the back office edits them (admin/admin.spot.ts checks every value, audits and
 * announces the change; each process then calls `loadPairs`). The spot module keeps its tables: this
 * is the one way in from outside. Every call takes the caller's transaction.
 */
export const spotPairRecords = {
  list: (exec: Executor): Promise<SpotPairRow[]> =>
    exec.select().from(spotPairs).orderBy(asc(spotPairs.sort), asc(spotPairs.id)),

  /** The pair, locked for the rest of the transaction. */
  async lock(exec: Executor, id: number): Promise<SpotPairRow | undefined> {
    const [row] = await exec.select().from(spotPairs).where(eq(spotPairs.id, id)).for('update');
    return row;
  },

  async update(exec: Executor, id: number, set: Partial<PairTerms>, at: Date): Promise<SpotPairRow> {
    const [row] = await exec
      .update(spotPairs)
      .set({ ...set, updatedAt: at })
      .where(eq(spotPairs.id, id))
      .returning();
    return row!;
  },

  /** The new pair, or null when its symbol is taken. */
  async insert(exec: Executor, terms: PairTerms, at: Date): Promise<SpotPairRow | null> {
    const [row] = await exec
      .insert(spotPairs)
      .values({ ...terms, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  },

  /** Open orders per pair and account mode (all pairs, or one). */
  async openOrders(exec: Executor, pairId?: number): Promise<Map<number, { real: number; demo: number }>> {
    const rows = await exec
      .select({ pairId: spotOrders.pairId, mode: spotOrders.mode, n: count() })
      .from(spotOrders)
      .where(
        pairId === undefined
          ? eq(spotOrders.status, 'open')
          : and(eq(spotOrders.status, 'open'), eq(spotOrders.pairId, pairId)),
      )
      .groupBy(spotOrders.pairId, spotOrders.mode);
    const out = new Map<number, { real: number; demo: number }>();
    for (const r of rows) {
      const c = out.get(r.pairId) ?? { real: 0, demo: 0 };
      c[r.mode === 'demo' ? 'demo' : 'real'] = Number(r.n);
      out.set(r.pairId, c);
    }
    return out;
  },
};
