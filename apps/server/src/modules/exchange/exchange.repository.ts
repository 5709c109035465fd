import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Mode } from '../ledger/ledger.types.ts';
import { type ExchangeQuoteRow, exchangeQuotes, type NewExchangeQuoteRow } from './exchange.tables.ts';

/** The exchange module's SQL, Drizzle only; every function takes the executor. */
export const exchangeRepository = {
  /** Inserts a quote; undefined when its random id is taken. */
  async insertQuote(exec: Executor, row: NewExchangeQuoteRow): Promise<ExchangeQuoteRow | undefined> {
    const [stored] = await exec.insert(exchangeQuotes).values(row).onConflictDoNothing().returning();
    return stored;
  },

  /**
   * Marks the quote used if it is this user's in this account, unused and not expired at `now`: the
   * one statement that lets a quote execute once (a racing confirm waits on the row, then finds it
   * used). Undefined when it may not be used.
   */
  async useQuote(
    exec: Executor,
    q: { quoteId: string; userId: number; mode: Mode; now: Date },
  ): Promise<ExchangeQuoteRow | undefined> {
    const [row] = await exec
      .update(exchangeQuotes)
      .set({ usedAt: q.now })
      .where(
        and(
          eq(exchangeQuotes.quoteId, q.quoteId),
          eq(exchangeQuotes.userId, q.userId),
          eq(exchangeQuotes.mode, q.mode),
          isNull(exchangeQuotes.usedAt),
          gt(exchangeQuotes.expiresAt, q.now),
        ),
      )
      .returning();
    return row;
  },

  /** The user's quote in this account, used or not (to tell an expired quote from an unknown one). */
  async quoteOf(exec: Executor, quoteId: string, userId: number, mode: Mode): Promise<ExchangeQuoteRow | undefined> {
    const [row] = await exec
      .select()
      .from(exchangeQuotes)
      .where(
        and(eq(exchangeQuotes.quoteId, quoteId), eq(exchangeQuotes.userId, userId), eq(exchangeQuotes.mode, mode)),
      );
    return row;
  },

  /** A page of the user's executed exchanges in one account, newest first. */
  async executed(
    exec: Executor,
    q: { userId: number; mode: Mode; currency?: string | undefined; page: number; size: number },
  ): Promise<{ rows: ExchangeQuoteRow[]; total: number }> {
    const conds: SQL[] = [
      eq(exchangeQuotes.userId, q.userId),
      eq(exchangeQuotes.mode, q.mode),
      isNotNull(exchangeQuotes.usedAt),
    ];
    if (q.currency) {
      const c = or(eq(exchangeQuotes.fromCurrency, q.currency), eq(exchangeQuotes.toCurrency, q.currency));
      if (c) conds.push(c);
    }
    const where = and(...conds);
    const rows = await exec
      .select()
      .from(exchangeQuotes)
      .where(where)
      .orderBy(desc(exchangeQuotes.usedAt), desc(exchangeQuotes.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(exchangeQuotes).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Deletes quotes that were never used and expired before `before`; how many. */
  async sweepUnused(exec: Executor, before: Date): Promise<number> {
    const rows = await exec
      .delete(exchangeQuotes)
      .where(and(isNull(exchangeQuotes.usedAt), lt(exchangeQuotes.expiresAt, before)))
      .returning({ id: exchangeQuotes.id });
    return rows.length;
  },

  /** Per user, the USDT value (amount × the from coin's USDT price) of the exchanges done in [since, until). */
  async volumeByUser(exec: Executor, mode: Mode, since: Date, until: Date) {
    const rows = await exec
      .select({
        userId: exchangeQuotes.userId,
        volume: sql<string>`sum(${exchangeQuotes.amount} * ${exchangeQuotes.fromPrice})::text`,
      })
      .from(exchangeQuotes)
      .where(
        and(
          eq(exchangeQuotes.mode, mode),
          isNotNull(exchangeQuotes.usedAt),
          gte(exchangeQuotes.usedAt, since),
          lt(exchangeQuotes.usedAt, until),
        ),
      )
      .groupBy(exchangeQuotes.userId);
    return rows.map((r) => ({ userId: Number(r.userId), volume: r.volume }));
  },
};
