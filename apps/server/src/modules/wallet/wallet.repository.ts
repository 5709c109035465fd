import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type DepositRow,
  type NetworkRow,
  walletDeposits,
  walletNetworks,
  walletWithdrawals,
  type WithdrawalRow,
} from './wallet.tables.ts';

export type NewNetworkRow = typeof walletNetworks.$inferInsert;
export type NewDepositRow = typeof walletDeposits.$inferInsert;
export type NewWithdrawalRow = typeof walletWithdrawals.$inferInsert;
export type WithdrawalStatus = 'pending' | 'success' | 'rejected';
export type NetworkPatch = Partial<
  Pick<NetworkRow, 'enabled' | 'address' | 'minDeposit' | 'withdrawFeeRate' | 'minWithdraw' | 'dailyWithdrawLimit'>
>;
export type DepositStatus = 'pending' | 'approved' | 'rejected';

/** The wallet's SQL (networks and deposits), Drizzle only; every function takes the executor. */
export const walletRepository = {
  /** Inserts the networks not there yet (by currency and network); existing rows are left as they are. */
  async seedNetworks(exec: Executor, rows: readonly NewNetworkRow[]): Promise<void> {
    if (rows.length === 0) return;
    await exec
      .insert(walletNetworks)
      .values([...rows])
      .onConflictDoNothing();
  },

  async networks(exec: Executor): Promise<NetworkRow[]> {
    return exec.select().from(walletNetworks).orderBy(asc(walletNetworks.sort), asc(walletNetworks.id));
  },

  async network(exec: Executor, currency: string, network: string): Promise<NetworkRow | undefined> {
    const [row] = await exec
      .select()
      .from(walletNetworks)
      .where(and(eq(walletNetworks.currency, currency), eq(walletNetworks.network, network)));
    return row;
  },

  /** One network, locked until the caller's transaction ends when `lock` (an operator's edit). */
  async networkById(exec: Executor, id: number, lock = false): Promise<NetworkRow | undefined> {
    const q = exec.select().from(walletNetworks).where(eq(walletNetworks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async updateNetwork(exec: Executor, id: number, patch: NetworkPatch, at: Date): Promise<NetworkRow> {
    const [row] = await exec
      .update(walletNetworks)
      .set({ ...patch, updatedAt: at })
      .where(eq(walletNetworks.id, id))
      .returning();
    if (!row) throw new Error(`wallet: network ${id} vanished`);
    return row;
  },

  /** Inserts a deposit; undefined when its transaction hash (or the random public id) is taken. */
  async insertDeposit(exec: Executor, row: NewDepositRow): Promise<DepositRow | undefined> {
    const [stored] = await exec.insert(walletDeposits).values(row).onConflictDoNothing().returning();
    return stored;
  },

  async depositByTxKey(exec: Executor, txHashKey: string): Promise<DepositRow | undefined> {
    const [row] = await exec.select().from(walletDeposits).where(eq(walletDeposits.txHashKey, txHashKey));
    return row;
  },

  /** A deposit by its public id, locked until the caller's transaction ends when `lock`. */
  async depositByPublicId(exec: Executor, publicId: number, lock = false): Promise<DepositRow | undefined> {
    const q = exec.select().from(walletDeposits).where(eq(walletDeposits.publicId, publicId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /**
   * A page of deposits, newest first: one user's, or everyone's (the review queue: waiting ones
   * first, oldest waiting first, then the decided ones newest first).
   */
  async deposits(
    exec: Executor,
    q: { userId?: number; status?: DepositStatus; page: number; size: number },
  ): Promise<{ rows: DepositRow[]; total: number }> {
    const where = and(
      q.userId === undefined ? undefined : eq(walletDeposits.userId, q.userId),
      q.status === undefined ? undefined : eq(walletDeposits.status, q.status),
    );
    const queue = q.userId === undefined;
    const rows = await exec
      .select()
      .from(walletDeposits)
      .where(where)
      .orderBy(
        ...(queue
          ? [
              sql`(${walletDeposits.status} = 'pending') desc`,
              sql`case when ${walletDeposits.status} = 'pending' then ${walletDeposits.id} else -${walletDeposits.id} end`,
            ]
          : [desc(walletDeposits.id)]),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(walletDeposits).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /**
   * Decides a waiting deposit: one conditional update, so of two reviewers only the first changes
   * it (the other gets undefined and is told).
   */
  async decideDeposit(
    exec: Executor,
    id: number,
    d: { status: 'approved' | 'rejected'; reason: string | null; by: number; at: Date },
  ): Promise<DepositRow | undefined> {
    const [row] = await exec
      .update(walletDeposits)
      .set({ status: d.status, reason: d.reason, decidedBy: d.by, decidedAt: d.at })
      .where(and(eq(walletDeposits.id, id), eq(walletDeposits.status, 'pending')))
      .returning();
    return row;
  },

  /**
   * Serialises one user's withdrawals until the caller's transaction ends (a transaction-level
   * advisory lock on the user): the daily limit is summed and the new row inserted with no other
   * withdrawal of theirs in between, however many race.
   */
  async lockUserWithdrawals(exec: Executor, userId: number): Promise<void> {
    await exec.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:withdrawals:${userId}`}, 0))`);
  },

  /** What the user withdrew or is withdrawing (pending or paid) in `currency` since `since`. */
  async withdrawnSince(exec: Executor, userId: number, currency: string, since: Date): Promise<string> {
    const [row] = await exec
      .select({ sum: sql<string>`coalesce(sum(${walletWithdrawals.amount}), 0)::text` })
      .from(walletWithdrawals)
      .where(
        and(
          eq(walletWithdrawals.userId, userId),
          eq(walletWithdrawals.currency, currency),
          sql`${walletWithdrawals.status} in ('pending', 'success')`,
          sql`${walletWithdrawals.createdAt} >= ${since.toISOString()}::timestamptz`,
        ),
      );
    return row?.sum ?? '0';
  },

  async insertWithdrawal(exec: Executor, row: NewWithdrawalRow): Promise<WithdrawalRow | undefined> {
    const [stored] = await exec.insert(walletWithdrawals).values(row).onConflictDoNothing().returning();
    return stored;
  },

  async withdrawalByPublicId(exec: Executor, publicId: number, lock = false): Promise<WithdrawalRow | undefined> {
    const q = exec.select().from(walletWithdrawals).where(eq(walletWithdrawals.publicId, publicId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** A page of withdrawals: one user's newest first, or the review queue (waiting first, oldest first). */
  async withdrawals(
    exec: Executor,
    q: { userId?: number; status?: WithdrawalStatus; page: number; size: number },
  ): Promise<{ rows: WithdrawalRow[]; total: number }> {
    const where = and(
      q.userId === undefined ? undefined : eq(walletWithdrawals.userId, q.userId),
      q.status === undefined ? undefined : eq(walletWithdrawals.status, q.status),
    );
    const rows = await exec
      .select()
      .from(walletWithdrawals)
      .where(where)
      .orderBy(
        ...(q.userId === undefined
          ? [
              sql`(${walletWithdrawals.status} = 'pending') desc`,
              sql`case when ${walletWithdrawals.status} = 'pending' then ${walletWithdrawals.id} else -${walletWithdrawals.id} end`,
            ]
          : [desc(walletWithdrawals.id)]),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(walletWithdrawals).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Decides a waiting withdrawal: only the first reviewer's conditional update passes. */
  async decideWithdrawal(
    exec: Executor,
    id: number,
    d: { status: 'success' | 'rejected'; reason: string | null; payoutRef: string | null; by: number; at: Date },
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await exec
      .update(walletWithdrawals)
      .set({ status: d.status, reason: d.reason, payoutRef: d.payoutRef, decidedBy: d.by, decidedAt: d.at })
      .where(and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.status, 'pending')))
      .returning();
    return row;
  },
};
