import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** Amounts, prices and rates at up to 18 decimals (the ledger checks amounts against their currency's scale). */
const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An exchange quote (user/dh/quote) and, once confirmed (user/dh), the executed exchange: `usedAt`
 * is set by the one conditional update that lets a quote execute at most once, in the transaction
 * of its two ledger transfers (`exchange:<quoteId>:out` and `:in`). Stored so that any server
 * process can confirm a quote another one gave; prices name the recorded ticks they come from.
 */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: text('quote_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: decimal('amount').notNull(),
    receive: decimal('receive').notNull(),
    rate: decimal('rate').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    fromPrice: decimal('from_price').notNull(),
    toPrice: decimal('to_price').notNull(),
    fromTickId: bigint('from_tick_id', { mode: 'number' }),
    toTickId: bigint('to_tick_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('exchange_quotes_quote_uq').on(t.quoteId),
    index('exchange_quotes_used_idx').on(t.userId, t.mode, t.usedAt, t.id).where(sql`${t.usedAt} is not null`),
    index('exchange_quotes_unused_idx').on(t.expiresAt).where(sql`${t.usedAt} is null`),
    check('exchange_quotes_mode', sql`${t.mode} in ('real', 'demo')`),
    check('exchange_quotes_currencies', sql`${t.fromCurrency} <> ${t.toCurrency}`),
    check(
      'exchange_quotes_amounts',
      sql`${t.amount} > 0 and ${t.receive} > 0 and ${t.rate} > 0 and ${t.fromPrice} > 0 and ${t.toPrice} > 0`,
    ),
    check('exchange_quotes_spread', sql`${t.spreadBps} >= 0 and ${t.spreadBps} < 10000`),
  ],
);

export type ExchangeQuoteRow = typeof exchangeQuotes.$inferSelect;
export type NewExchangeQuoteRow = typeof exchangeQuotes.$inferInsert;
