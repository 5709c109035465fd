/**
 * Drizzle only; every function takes the executor. (The balances come from the ledger service's
 * `usersMoney` / `restOfBook`, read in the snapshot's REPEATABLE READ transaction.)
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  liabilitiesLeaves,
  liabilitiesNodes,
  liabilitiesReserves,
  liabilitiesSnapshots,
} from './liabilities.tables.ts';

export type SnapshotRow = typeof liabilitiesSnapshots.$inferSelect;
export type ReserveRow = typeof liabilitiesReserves.$inferSelect;

export const liabilitiesRepository = {
  async snapshotOfDay(exec: Executor, day: string): Promise<SnapshotRow | undefined> {
    return (await exec.select().from(liabilitiesSnapshots).where(eq(liabilitiesSnapshots.day, day)))[0];
  },

  async latest(exec: Executor, limit: number): Promise<SnapshotRow[]> {
    return exec.select().from(liabilitiesSnapshots).orderBy(desc(liabilitiesSnapshots.day)).limit(limit);
  },

  async insertSnapshot(exec: Executor, row: typeof liabilitiesSnapshots.$inferInsert): Promise<SnapshotRow> {
    const [out] = await exec.insert(liabilitiesSnapshots).values(row).returning();
    return out as SnapshotRow;
  },

  async insertLeaves(exec: Executor, rows: (typeof liabilitiesLeaves.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await exec.insert(liabilitiesLeaves).values(rows.slice(i, i + 1000));
  },

  async insertNodes(exec: Executor, rows: (typeof liabilitiesNodes.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await exec.insert(liabilitiesNodes).values(rows.slice(i, i + 1000));
  },

  async leafOf(exec: Executor, snapshotId: number, userId: number) {
    return (
      await exec
        .select()
        .from(liabilitiesLeaves)
        .where(and(eq(liabilitiesLeaves.snapshotId, snapshotId), eq(liabilitiesLeaves.userId, userId)))
    )[0];
  },

  async leafCountWritten(exec: Executor, snapshotId: number): Promise<number> {
    const [r] = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(liabilitiesLeaves)
      .where(eq(liabilitiesLeaves.snapshotId, snapshotId));
    return r?.n ?? 0;
  },

  /** The nodes at (level, idx) pairs: a proof's siblings in one read. */
  async nodesAt(exec: Executor, snapshotId: number, at: { level: number; idx: number }[]) {
    if (!at.length) return [];
    const pairs = sql.join(
      at.map((p) => sql`(${p.level}, ${p.idx})`),
      sql`, `,
    );
    return exec
      .select()
      .from(liabilitiesNodes)
      .where(
        and(
          eq(liabilitiesNodes.snapshotId, snapshotId),
          sql`(${liabilitiesNodes.level}, ${liabilitiesNodes.idx}) in (${pairs})`,
        ),
      );
  },

  async reserves(exec: Executor): Promise<ReserveRow[]> {
    return exec
      .select()
      .from(liabilitiesReserves)
      .orderBy(asc(liabilitiesReserves.currency), asc(liabilitiesReserves.id));
  },

  async reserve(exec: Executor, id: number): Promise<ReserveRow | undefined> {
    return (await exec.select().from(liabilitiesReserves).where(eq(liabilitiesReserves.id, id)))[0];
  },

  async insertReserve(exec: Executor, row: typeof liabilitiesReserves.$inferInsert): Promise<ReserveRow> {
    const [out] = await exec.insert(liabilitiesReserves).values(row).returning();
    return out as ReserveRow;
  },

  async updateReserve(
    exec: Executor,
    id: number,
    row: Partial<typeof liabilitiesReserves.$inferInsert>,
  ): Promise<ReserveRow | undefined> {
    const [out] = await exec.update(liabilitiesReserves).set(row).where(eq(liabilitiesReserves.id, id)).returning();
    return out;
  },

  async deleteReserve(exec: Executor, id: number): Promise<ReserveRow | undefined> {
    const [out] = await exec.delete(liabilitiesReserves).where(eq(liabilitiesReserves.id, id)).returning();
    return out;
  },
};
