import type { SessionSpec } from '@openbourse/contracts/market.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Prices: up to 26 integer and 12 fractional digits; volumes: 8 fractional digits. */
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });
const quantity = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * Tradable instruments. type: 1 forex/metals, 2 crypto, 3 stocks, 4 futures, 5 ETFs. Contract
 * terms (tick, contract size, lots, leverage, fee) are what the trading module enforces; the
 * simulation parameters (volatility, initial price, spread, daily volume) drive the simulated feed.
 */
export const marketInstruments = pgTable(
  'market_instruments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    /** forex | metal | crypto | stock | future | etf */
    assetClass: text('asset_class').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    /** direct: quote currency is USD/USDT; inverse: base is USD (USD/JPY), divide by the price. */
    quoteToUsdt: text('quote_to_usdt').notNull(),
    tickSize: price('tick_size').notNull(),
    priceDecimals: integer('price_decimals').notNull(),
    contractSize: quantity('contract_size').notNull(),
    lotStep: quantity('lot_step').notNull(),
    minLots: quantity('min_lots').notNull(),
    maxLots: quantity('max_lots').notNull(),
    maxLeverage: integer('max_leverage').notNull(),
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull(),
    /** Ticks a stop loss or take profit keeps at least from the closing price (0: one tick). */
    stopsLevel: integer('stops_level').notNull().default(0),
    session: jsonb('session').$type<SessionSpec>().notNull(),
    volatility: numeric('volatility', { precision: 8, scale: 4 }).notNull(),
    initialPrice: price('initial_price').notNull(),
    spreadRate: numeric('spread_rate', { precision: 12, scale: 8 }).notNull(),
    dailyVolume: quantity('daily_volume').notNull(),
    /** The symbol on a real exchange feed (Binance), when there is one. */
    feedSymbol: text('feed_symbol'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('market_instruments_code_uq').on(t.code),
    index('market_instruments_type_idx').on(t.type, t.sort),
    check('market_instruments_type_range', sql`${t.type} between 1 and 5`),
    check('market_instruments_quote_to_usdt', sql`${t.quoteToUsdt} in ('direct', 'inverse')`),
    check(
      'market_instruments_positive',
      sql`${t.tickSize} > 0 and ${t.contractSize} > 0 and ${t.lotStep} > 0
      and ${t.minLots} > 0 and ${t.maxLots} >= ${t.minLots} and ${t.maxLeverage} >= 1 and ${t.initialPrice} > 0`,
    ),
  ],
);

/**
 * Tick ids come from this sequence in blocks of 1000 (one nextval reserves a block), so a feed
 * numbers its ticks in memory, writes them in batches, and several processes never collide.
 */
export const marketTickIds = pgSequence('market_tick_ids', { startWith: 1, increment: 1000, minValue: 1 });

/**
 * Every recorded price observation. A fill references its tick by id (DESIGN §1.3); `pinned`
 * ticks are kept forever, the rest are pruned after the retention period (K-lines stay).
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => marketInstruments.id),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    bid: price('bid').notNull(),
    ask: price('ask').notNull(),
    /** Last price: the mid for simulated ticks, the last trade for exchange ticks. */
    price: price('price').notNull(),
    /** Base units traded since the instrument's previous tick. */
    volume: quantity('volume').notNull().default('0'),
    /** sim | binance | manual */
    source: text('source').notNull(),
    pinned: boolean('pinned').notNull().default(false),
  },
  (t) => [
    index('market_ticks_instrument_ts_idx').on(t.instrumentId, t.ts),
    index('market_ticks_ts_idx').on(t.ts),
    check('market_ticks_positive', sql`${t.bid} > 0 and ${t.ask} >= ${t.bid} and ${t.price} > 0 and ${t.volume} >= 0`),
  ],
);

/** Candles per period (1m 5m 15m 30m 1h 4h 1d), UTC-aligned; the current one is updated in place. */
export const marketKlines = pgTable(
  'market_klines',
  {
    // No foreign key: instruments are never deleted (only disabled), and the check per row would
    // double the cost of writing the generated history on first start.
    instrumentId: integer('instrument_id').notNull(),
    period: text('period').notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
    volume: quantity('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.period, t.openTime] }),
    check(
      'market_klines_ohlc',
      sql`${t.low} > 0 and ${t.low} <= least(${t.open}, ${t.close})
      and ${t.high} >= greatest(${t.open}, ${t.close}) and ${t.volume} >= 0`,
    ),
  ],
);
