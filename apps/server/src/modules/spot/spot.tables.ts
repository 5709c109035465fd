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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { currencies } from '../ledger/ledger.tables.ts';
import { users } from '../users/users.tables.ts';

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A spot market: base bought and sold for quote on one order book per account mode. Prices are
 * integer ticks of `tickSize` quote, quantities integer lots of `lotSize` base; tickSize × lotSize is
 * a whole number of the quote's minor units (checked when a pair is written), so every trade's
 * turnover is exact. Fees and the market protection are parts per million. The market maker's
 * settings live here too: it quotes this pair when `mmEnabled`.
 */
export const spotPairs = pgTable(
  'spot_pairs',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    base: text('base')
      .notNull()
      .references(() => currencies.code),
    quote: text('quote')
      .notNull()
      .references(() => currencies.code),
    /** The market instrument whose recorded ticks give the reference price (and the market maker's centre). */
    instrumentCode: text('instrument_code'),
    tickSize: decimal('tick_size').notNull(),
    lotSize: decimal('lot_size').notNull(),
    minLots: bigint('min_lots', { mode: 'number' }).notNull(),
    maxLots: bigint('max_lots', { mode: 'number' }).notNull(),
    makerFeePpm: integer('maker_fee_ppm').notNull(),
    takerFeePpm: integer('taker_fee_ppm').notNull(),
    protectionPpm: integer('protection_ppm').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    mmEnabled: boolean('mm_enabled').notNull().default(true),
    /** Half the distance between the maker's best bid and ask, around the reference price. */
    mmSpreadPpm: integer('mm_spread_ppm').notNull(),
    mmStepPpm: integer('mm_step_ppm').notNull(),
    mmLevels: integer('mm_levels').notNull(),
    /** Quote value of each of the maker's levels. */
    mmLevelQuote: decimal('mm_level_quote').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('spot_pairs_symbol_uq').on(t.symbol),
    check('spot_pairs_currencies', sql`${t.base} <> ${t.quote}`),
    check('spot_pairs_grid', sql`${t.tickSize} > 0 and ${t.lotSize} > 0`),
    check('spot_pairs_lots', sql`${t.minLots} > 0 and ${t.maxLots} >= ${t.minLots}`),
    check(
      'spot_pairs_rates',
      sql`${t.makerFeePpm} between 0 and 100000 and ${t.takerFeePpm} between 0 and 100000 and ${t.protectionPpm} between 1 and 500000`,
    ),
    check(
      'spot_pairs_maker',
      sql`${t.mmSpreadPpm} between 1 and 200000 and ${t.mmStepPpm} between 1 and 200000 and ${t.mmLevels} between 1 and 50 and ${t.mmLevelQuote} > 0`,
    ),
  ],
);

/**
 * A spot order from its acceptance to its end. `held` is what its ledger hold (`spot:<id>`, quote for
 * a buy, base for a sell) still holds; `feeAccrual` is Σ turnover × fee rate in quote minor units × ppm,
 * from which the fee paid so far is its ceiling (so the fees of many small fills never add up to more
 * than one fee on their sum). `bookSeq` is the order's time priority in its book.
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => spotPairs.id),
    side: text('side').notNull(),
    type: text('type').notNull(),
    tif: text('tif').notNull(),
    priceTicks: bigint('price_ticks', { mode: 'number' }),
    protectionTicks: bigint('protection_ticks', { mode: 'number' }),
    qtyLots: bigint('qty_lots', { mode: 'number' }).notNull(),
    filledLots: bigint('filled_lots', { mode: 'number' }).notNull().default(0),
    turnover: decimal('turnover').notNull().default('0'),
    fee: decimal('fee').notNull().default('0'),
    feeAccrual: decimal('fee_accrual').notNull().default('0'),
    held: decimal('held').notNull(),
    status: text('status').notNull(),
    cancelReason: text('cancel_reason'),
    bookSeq: bigint('book_seq', { mode: 'number' }),
    clientOrderId: text('client_order_id'),
    clientRequestHash: text('client_request_hash'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    lastTradeAt: at('last_trade_at'),
  },
  (t) => [
    uniqueIndex('spot_orders_public_uq').on(t.publicId),
    uniqueIndex('spot_orders_client_uq')
      .on(t.userId, t.mode, t.clientOrderId)
      .where(sql`${t.clientOrderId} is not null`),
    index('spot_orders_user_idx').on(t.userId, t.mode, t.id),
    index('spot_orders_open_idx').on(t.pairId, t.mode, t.bookSeq).where(sql`${t.status} = 'open'`),
    check('spot_orders_mode', sql`${t.mode} in ('real', 'demo')`),
    check('spot_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('spot_orders_type', sql`${t.type} in ('limit', 'market')`),
    check('spot_orders_tif', sql`${t.tif} in ('GTC', 'IOC', 'FOK', 'POST_ONLY')`),
    check('spot_orders_status', sql`${t.status} in ('open', 'filled', 'cancelled')`),
    check('spot_orders_lots', sql`${t.qtyLots} > 0 and ${t.filledLots} between 0 and ${t.qtyLots}`),
    check('spot_orders_amounts', sql`${t.turnover} >= 0 and ${t.fee} >= 0 and ${t.held} >= 0`),
    check(
      'spot_orders_price',
      sql`(${t.type} = 'limit' and ${t.priceTicks} > 0) or (${t.type} = 'market' and ${t.priceTicks} is null)`,
    ),
  ],
);

/** One trade of a book: the taker met the maker at the maker's price. `seq` is the book change it belongs to. */
export const spotFills = pgTable(
  'spot_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => spotPairs.id),
    mode: text('mode').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' })
      .notNull()
      .references(() => spotOrders.id),
    makerOrderId: bigint('maker_order_id', { mode: 'number' })
      .notNull()
      .references(() => spotOrders.id),
    takerSide: text('taker_side').notNull(),
    priceTicks: bigint('price_ticks', { mode: 'number' }).notNull(),
    qtyLots: bigint('qty_lots', { mode: 'number' }).notNull(),
    turnover: decimal('turnover').notNull(),
    takerFee: decimal('taker_fee').notNull(),
    makerFee: decimal('maker_fee').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('spot_fills_book_idx').on(t.pairId, t.mode, t.id),
    index('spot_fills_taker_idx').on(t.takerOrderId),
    index('spot_fills_maker_idx').on(t.makerOrderId),
    index('spot_fills_time_idx').on(t.pairId, t.mode, t.createdAt),
    check('spot_fills_amounts', sql`${t.qtyLots} > 0 and ${t.priceTicks} > 0 and ${t.turnover} > 0`),
  ],
);

/** Each book's last change number: a depth read from the orders carries it, and pushes continue from it. */
export const spotBooks = pgTable(
  'spot_books',
  {
    pairId: integer('pair_id')
      .notNull()
      .references(() => spotPairs.id),
    mode: text('mode').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.mode] })],
);

/**
 * Each book's batch numbers, in three slots: batch n locks slot n mod 3 in its first round trip and
 * writes n there when it commits; before its bundle it waits for batch n − 1 (which holds slot
 * (n − 1) mod 3 until it ends) and checks that it left n − 1 there. So a batch sent while the one
 * before is in flight commits only after it, fails when it failed, and a process that lost the book
 * cannot write it (spot.writer.ts, spot.chain.ts). Three slots: with two batches in flight, a slot
 * is free again by the time its next batch locks it.
 */
export const spotBookChain = pgTable(
  'spot_book_chain',
  {
    pairId: integer('pair_id')
      .notNull()
      .references(() => spotPairs.id),
    mode: text('mode').notNull(),
    slot: smallint('slot').notNull(),
    batch: bigint('batch', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.mode, t.slot] })],
);

export type SpotPairRow = typeof spotPairs.$inferSelect;
export type SpotOrderRow = typeof spotOrders.$inferSelect;
export type NewSpotOrderRow = typeof spotOrders.$inferInsert;
export type SpotFillRow = typeof spotFills.$inferSelect;
export type NewSpotFillRow = typeof spotFills.$inferInsert;
