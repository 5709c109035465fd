/**
 * Drizzle only; every function takes the executor. The one read outside this module's tables is
 * `userBalances` / `otherBalances`: the ledger's account balances, read in the snapshot's own
 * REPEATABLE READ transaction (the ledger service reads one user at a time; a consistent cut of
 * every user needs one statement over the accounts table).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts } from '../ledger/ledger.tables.ts';
import {
  liabilitiesLeaves,
  liabilitiesNodes,
  liabilitiesReserves,
  liabilitiesSnapshots,
} from './liabilities.tables.ts';

/** The kinds of a user's account that are the user's money (what the platform owes them). */
export const LIABILITY_KINDS = ['available', 'locked'] as const;

export type SnapshotRow = typeof liabilitiesSnapshots.$inferSelect;
export type ReserveRow = typeof liabilitiesReserves.$inferSelect;

export const liabilitiesRepository = {
  /** Every user's real available + locked balance per currency (numeric strings at the ledger's scale). */
  async userBalances(exec: Executor) {
    return exec
      .select({
        userId: ledgerAccounts.userId,
        currency: ledgerAccounts.currency,
        balance: sql<string>`sum(${ledgerAccounts.balance})::text`,
      })
      .from(ledgerAccounts)
      .where(
        and(
          sql`${ledgerAccounts.userId} is not null`,
          eq(ledgerAccounts.mode, 'real'),
          inArray(ledgerAccounts.kind, [...LIABILITY_KINDS]),
        ),
      )
      .groupBy(ledgerAccounts.userId, ledgerAccounts.currency)
      .orderBy(asc(ledgerAccounts.userId));
  },

  /** The rest of the real book per currency (platform accounts, users' debt): by double entry, minus the users' total. */
  async otherBalances(exec: Executor) {
    return exec
      .select({ currency: ledgerAccounts.currency, balance: sql<string>`sum(${ledgerAccounts.balance})::text` })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.mode, 'real'),
          sql`not (${ledgerAccounts.userId} is not null and ${ledgerAccounts.kind} in ('available', 'locked'))`,
        ),
      )
      .groupBy(ledgerAccounts.currency);
  },

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
