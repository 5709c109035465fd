import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { marketInstruments } from '../market/market.tables.ts';
import { users } from '../users/users.tables.ts';

/** Amounts and prices at up to 18 decimals (the ledger checks amounts against their currency's scale). */
const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });
/** Model figures as stated: σ at 4 decimals, the model rate at 10, the charged rate at 8, the cap share at 8. */
const volatility = (name: string) => numeric(name, { precision: 10, scale: 4 });
const modelRate = (name: string) => numeric(name, { precision: 20, scale: 10 });
const share = (name: string) => numeric(name, { precision: 20, scale: 8 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An option series, listed by an operator (audited): one instrument, the currency premiums and
 * payouts are paid in, the periods offered (seconds), the stake range, the disclosed spread added
 * to the model premium, and the cap on the payout per unit as a share of the strike.
 */
export const optionSeries = pgTable(
  'option_series',
  {
    id: serial('id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => marketInstruments.id),
    currency: text('currency').notNull(),
    periods: integer('periods').array().notNull(),
    minAmount: decimal('min_amount').notNull(),
    maxAmount: decimal('max_amount').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    capMove: share('cap_move').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('option_series_instrument_idx').on(t.instrumentId),
    check('option_series_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('option_series_spread', sql`${t.spreadBps} >= 0 and ${t.spreadBps} <= 5000`),
    check('option_series_cap', sql`${t.capMove} > 0 and ${t.capMove} < 1`),
    check('option_series_periods', sql`cardinality(${t.periods}) >= 1`),
  ],
);

/**
 * A quote (order/quoteOptions): the figures fixed for `expires_at` — volatility, model rate, the
 * rate charged, the cap and the maximum payout for the amount. Stored so that any process can
 * confirm it; `used_at` is set by the one conditional update that lets it buy once, in the
 * transaction of the order and its premium.
 */
export const optionQuotes = pgTable(
  'option_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 32 random hexadecimal digits. */
    quoteId: text('quote_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => optionSeries.id),
    direction: text('direction').notNull(),
    period: integer('period').notNull(),
    amount: decimal('amount').notNull(),
    volatility: volatility('volatility').notNull(),
    modelRate: modelRate('model_rate').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    rate: share('rate').notNull(),
    capMove: share('cap_move').notNull(),
    maxPayout: decimal('max_payout').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('option_quotes_quote_uq').on(t.quoteId),
    index('option_quotes_unused_idx').on(t.expiresAt).where(sql`${t.usedAt} is null`),
    check('option_quotes_mode', sql`${t.mode} in ('real', 'demo')`),
    check('option_quotes_direction', sql`${t.direction} in ('call', 'put')`),
    check('option_quotes_figures', sql`${t.amount} > 0 and ${t.rate} > 0 and ${t.maxPayout} >= 0 and ${t.period} > 0`),
  ],
);

/**
 * An option bought (order/buyOptions): the quote's terms, the strike from the recorded tick current
 * when it was confirmed (pinned), the quantity and the cap; at expiry the settlement from the first
 * recorded tick at or after `expires_at` (pinned) and the payout. The money is in the ledger: key
 * `option:<id>:premium` (user → platform `options`) and `option:<id>:payout` (platform → user).
 */
export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees: random. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => optionSeries.id),
    instrumentId: integer('instrument_id').notNull(),
    quoteId: text('quote_id').notNull(),
    direction: text('direction').notNull(),
    period: integer('period').notNull(),
    currency: text('currency').notNull(),
    amount: decimal('amount').notNull(),
    volatility: volatility('volatility').notNull(),
    modelRate: modelRate('model_rate').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    rate: share('rate').notNull(),
    capMove: share('cap_move').notNull(),
    strike: decimal('strike').notNull(),
    openTickId: bigint('open_tick_id', { mode: 'number' }).notNull(),
    quantity: decimal('quantity').notNull(),
    capPrice: decimal('cap_price').notNull(),
    maxPayout: decimal('max_payout').notNull(),
    openedAt: at('opened_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** open | settled */
    status: text('status').notNull().default('open'),
    settlePrice: decimal('settle_price'),
    settleTickId: bigint('settle_tick_id', { mode: 'number' }),
    settleTickAt: at('settle_tick_at'),
    settledAt: at('settled_at'),
    payout: decimal('payout'),
  },
  (t) => [
    uniqueIndex('option_orders_public_uq').on(t.publicId),
    uniqueIndex('option_orders_quote_uq').on(t.quoteId),
    index('option_orders_user_idx').on(t.userId, t.mode, t.id),
    index('option_orders_due_idx').on(t.status, t.expiresAt),
    check('option_orders_status', sql`${t.status} in ('open', 'settled')`),
    check('option_orders_mode', sql`${t.mode} in ('real', 'demo')`),
    check('option_orders_direction', sql`${t.direction} in ('call', 'put')`),
    check(
      'option_orders_figures',
      sql`${t.amount} > 0 and ${t.rate} > 0 and ${t.strike} > 0 and ${t.quantity} > 0 and ${t.maxPayout} >= 0`,
    ),
    check(
      'option_orders_settled',
      sql`${t.status} = 'open' or (${t.settlePrice} is not null and ${t.settleTickId} is not null and ${t.payout} is not null and ${t.payout} <= ${t.maxPayout})`,
    ),
  ],
);

export type OptionSeriesRow = typeof optionSeries.$inferSelect;
export type NewOptionSeriesRow = typeof optionSeries.$inferInsert;
export type OptionQuoteRow = typeof optionQuotes.$inferSelect;
export type NewOptionQuoteRow = typeof optionQuotes.$inferInsert;
export type OptionOrderRow = typeof optionOrders.$inferSelect;
export type NewOptionOrderRow = typeof optionOrders.$inferInsert;
