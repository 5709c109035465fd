import { and, asc, count, desc, eq, gt, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Mode } from '../ledger/ledger.types.ts';
import {
  type NewOptionOrderRow,
  type NewOptionQuoteRow,
  type NewOptionSeriesRow,
  type OptionOrderRow,
  type OptionQuoteRow,
  type OptionSeriesRow,
  optionOrders,
  optionQuotes,
  optionSeries,
} from './options.tables.ts';

export type OptionStatus = 'open' | 'settled';

/** The options module's SQL, Drizzle only; every function takes the executor. */
export const optionsRepository = {
  // ─── series ───────────────────────────────────────────────────────────────────────────

  async seriesCount(exec: Executor): Promise<number> {
    const [n] = await exec.select({ n: count() }).from(optionSeries);
    return Number(n?.n ?? 0);
  },

  async allSeries(exec: Executor): Promise<OptionSeriesRow[]> {
    return exec.select().from(optionSeries).orderBy(asc(optionSeries.id));
  },

  async series(exec: Executor, id: number, lock = false): Promise<OptionSeriesRow | undefined> {
    const q = exec.select().from(optionSeries).where(eq(optionSeries.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertSeries(exec: Executor, row: NewOptionSeriesRow): Promise<OptionSeriesRow> {
    const [created] = await exec.insert(optionSeries).values(row).returning();
    return created!;
  },

  async updateSeries(
    exec: Executor,
    id: number,
    row: Omit<NewOptionSeriesRow, 'id'>,
  ): Promise<OptionSeriesRow | undefined> {
    const [updated] = await exec.update(optionSeries).set(row).where(eq(optionSeries.id, id)).returning();
    return updated;
  },

  /** Per series and per (mode, currency): the open orders and the sum of their maximum payouts. */
  async openExposure(
    exec: Executor,
  ): Promise<{ seriesId: number; mode: Mode; currency: string; open: number; exposure: string }[]> {
    const rows = await queryRows<{ series_id: number; mode: string; currency: string; n: number; exposure: string }>(
      exec,
      sql`select series_id, mode, currency, count(*)::int as n, coalesce(sum(max_payout), 0)::text as exposure
          from ${optionOrders} where status = 'open' group by series_id, mode, currency`,
    );
    return rows.map((r) => ({
      seriesId: Number(r.series_id),
      mode: r.mode as Mode,
      currency: r.currency,
      open: Number(r.n),
      exposure: r.exposure,
    }));
  },

  // ─── quotes ───────────────────────────────────────────────────────────────────────────

  /** Inserts a quote; undefined when its random id is taken. */
  async insertQuote(exec: Executor, row: NewOptionQuoteRow): Promise<OptionQuoteRow | undefined> {
    const [stored] = await exec.insert(optionQuotes).values(row).onConflictDoNothing().returning();
    return stored;
  },

  /**
   * Marks the quote used if it is this user's in this account, unused and not expired at `now`: the
   * one statement that lets a quote buy once (a racing confirm waits on the row, then finds it used).
   */
  async useQuote(
    exec: Executor,
    q: { quoteId: string; userId: number; mode: Mode; now: Date },
  ): Promise<OptionQuoteRow | undefined> {
    const [row] = await exec
      .update(optionQuotes)
      .set({ usedAt: q.now })
      .where(
        and(
          eq(optionQuotes.quoteId, q.quoteId),
          eq(optionQuotes.userId, q.userId),
          eq(optionQuotes.mode, q.mode),
          isNull(optionQuotes.usedAt),
          gt(optionQuotes.expiresAt, q.now),
        ),
      )
      .returning();
    return row;
  },

  /** The user's quote in this account, used or not (to tell an expired quote from an unknown one). */
  async quoteOf(exec: Executor, quoteId: string, userId: number, mode: Mode): Promise<OptionQuoteRow | undefined> {
    const [row] = await exec
      .select()
      .from(optionQuotes)
      .where(and(eq(optionQuotes.quoteId, quoteId), eq(optionQuotes.userId, userId), eq(optionQuotes.mode, mode)));
    return row;
  },

  /** Deletes quotes never used that expired before `before`; how many. */
  async sweepQuotes(exec: Executor, before: Date): Promise<number> {
    const rows = await exec
      .delete(optionQuotes)
      .where(and(isNull(optionQuotes.usedAt), lt(optionQuotes.expiresAt, before)))
      .returning({ id: optionQuotes.id });
    return rows.length;
  },

  // ─── orders ───────────────────────────────────────────────────────────────────────────

  /** Inserts an order; undefined when its random public id is taken. */
  async insertOrder(exec: Executor, row: NewOptionOrderRow): Promise<OptionOrderRow | undefined> {
    const [stored] = await exec
      .insert(optionOrders)
      .values(row)
      .onConflictDoNothing({ target: optionOrders.publicId })
      .returning();
    return stored;
  },

  async orderByPublicId(exec: Executor, publicId: number, userId?: number): Promise<OptionOrderRow | undefined> {
    const conds: SQL[] = [eq(optionOrders.publicId, publicId)];
    if (userId !== undefined) conds.push(eq(optionOrders.userId, userId));
    const [row] = await exec
      .select()
      .from(optionOrders)
      .where(and(...conds));
    return row;
  },

  /** The order, locked, if it is still open. */
  async lockOpen(exec: Executor, id: number): Promise<OptionOrderRow | undefined> {
    const [row] = await exec
      .select()
      .from(optionOrders)
      .where(and(eq(optionOrders.id, id), eq(optionOrders.status, 'open')))
      .for('update');
    return row;
  },

  /** A page of the user's orders in one account, newest first. */
  async orders(
    exec: Executor,
    q: { userId: number; mode: Mode; status?: OptionStatus | undefined; page: number; size: number },
  ): Promise<{ rows: OptionOrderRow[]; total: number }> {
    const conds: SQL[] = [eq(optionOrders.userId, q.userId), eq(optionOrders.mode, q.mode)];
    if (q.status) conds.push(eq(optionOrders.status, q.status));
    const where = and(...conds);
    const rows = await exec
      .select()
      .from(optionOrders)
      .where(where)
      .orderBy(desc(optionOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(optionOrders).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Open orders expired at `now`, oldest expiry first (the settlement's work list). */
  async due(
    exec: Executor,
    now: Date,
    limit: number,
    after?: { expiresAt: Date; id: number },
  ): Promise<OptionOrderRow[]> {
    const conds: SQL[] = [eq(optionOrders.status, 'open'), lte(optionOrders.expiresAt, now)];
    if (after) {
      // Keyset: past the last row read, in (expires_at, id) order.
      conds.push(
        sql`(${optionOrders.expiresAt}, ${optionOrders.id}) > (${after.expiresAt.toISOString()}::timestamptz, ${after.id})`,
      );
    }
    return exec
      .select()
      .from(optionOrders)
      .where(and(...conds))
      .orderBy(asc(optionOrders.expiresAt), asc(optionOrders.id))
      .limit(limit);
  },

  /** Settles a locked open order; undefined if it was not open. */
  async settle(
    exec: Executor,
    id: number,
    s: { settlePrice: string; settleTickId: number; settleTickAt: Date; settledAt: Date; payout: string },
  ): Promise<OptionOrderRow | undefined> {
    const [row] = await exec
      .update(optionOrders)
      .set({ ...s, status: 'settled' })
      .where(and(eq(optionOrders.id, id), eq(optionOrders.status, 'open')))
      .returning();
    return row;
  },
};
