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

/** Prices as the market records them (numeric(38,12)); lots (numeric(38,8)); USDT amounts at its scale 6. */
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });
const lots = (name: string) => numeric(name, { precision: 38, scale: 8 });
const usdt = (name: string) => numeric(name, { precision: 38, scale: 6 });

/**
 * One row per margin (CFD) order / position, through its life: pending (waiting to open) → open →
 * closed, or pending → cancelled. Every opening and closing is also a row of cfd_fills that names
 * the recorded tick that priced it. Money never lives here: margin, fee and PnL move in the
 * ledger, in the same transaction as the change of this row; the amounts here are the record of
 * what was moved (and what is held now).
 */
export const cfdOrders = pgTable(
  'cfd_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * What users see instead of the id: a random number (unique), so neither it nor the order
     * number counts the platform's orders. The id stays internal (keys, ledger references).
     */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    /** Readable and unique: "U" + UTC date of placement + the public id's digits. */
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** real | demo: the book the margin comes from; the two never meet. */
    mode: text('mode').notNull(),
    /** The client's idempotency key for buyU (a retry answers the first order). */
    clientOrderId: text('client_order_id'),
    /** Digest of the request that used clientOrderId: a retry must match it, another order is refused. */
    clientRequestHash: text('client_request_hash'),
    instrumentId: integer('instrument_id').notNull(),
    instrumentCode: text('instrument_code').notNull(),
    /** buy | sell */
    side: text('side').notNull(),
    /** market | limit | stop */
    type: text('type').notNull(),
    /** pending | open | closed | cancelled */
    status: text('status').notNull(),
    /** Lots ordered; openLots is what is open now (partial closes reduce it; 0 unless open). */
    lots: lots('lots').notNull(),
    openLots: lots('open_lots').notNull(),
    leverage: integer('leverage').notNull(),
    /** Entry level of a limit / stop order. */
    orderPrice: price('order_price'),
    /** The quote the order was checked against when placed (pending triggers start after it). */
    placedTickId: bigint('placed_tick_id', { mode: 'number' }).notNull(),
    entryPrice: price('entry_price'),
    entryTickId: bigint('entry_tick_id', { mode: 'number' }),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    /** The close that ended the position (partial closes are only in cfd_fills). */
    closePrice: price('close_price'),
    closeTickId: bigint('close_tick_id', { mode: 'number' }),
    /** manual | stopLoss | takeProfit | stopOut */
    closeReason: text('close_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** user | insufficientMargin */
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    stopOutPrice: price('stop_out_price'),
    /** The margin level that stops this position out (fixed when it was placed). */
    stopOutLevel: numeric('stop_out_level', { precision: 6, scale: 4 }).notNull(),
    /** Required margin at opening (pending: at the order price, as quoted). */
    margin: usdt('margin').notNull(),
    /** Held now in the ledger: open → margin of the open lots; pending → margin + fee; else 0. */
    marginHeld: usdt('margin_held').notNull(),
    /** Opening fee (pending: as quoted at the order price). No fee is charged on closing. */
    fee: usdt('fee').notNull(),
    /** Realised profit paid so far (negative: loss), the sum of the closing fills' pnl. */
    realisedPnl: usdt('realised_pnl').notNull().default('0'),
    /**
     * The engine's exact running total of realised PnL (minor units, num/den), carried between
     * partial closes so that the parts pay exactly what one close would.
     */
    realisedNum: numeric('realised_num').notNull().default('0'),
    realisedDen: numeric('realised_den').notNull().default('1'),
    /** Bumped by every change; the trigger runner ignores an older state than the one it holds. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('cfd_orders_order_no_uq').on(t.orderNo),
    uniqueIndex('cfd_orders_public_id_uq').on(t.publicId),
    uniqueIndex('cfd_orders_client_uq')
      .on(t.userId, t.mode, t.clientOrderId)
      .where(sql`${t.clientOrderId} is not null`),
    index('cfd_orders_user_idx').on(t.userId, t.mode, t.status, t.id),
    index('cfd_orders_live_idx').on(t.status, t.instrumentId).where(sql`${t.status} in ('pending', 'open')`),
    check('cfd_orders_mode', sql`${t.mode} in ('real', 'demo')`),
    check('cfd_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('cfd_orders_type', sql`${t.type} in ('market', 'limit', 'stop')`),
    check('cfd_orders_status', sql`${t.status} in ('pending', 'open', 'closed', 'cancelled')`),
    check(
      'cfd_orders_amounts',
      sql`${t.lots} > 0 and ${t.openLots} >= 0 and ${t.openLots} <= ${t.lots} and ${t.leverage} >= 1
      and ${t.margin} >= 0 and ${t.marginHeld} >= 0 and ${t.fee} >= 0 and ${t.realisedDen} > 0`,
    ),
  ],
);

/**
 * Every fill: the opening of a position and each (partial) close, with the recorded market tick
 * that priced it (DESIGN §1.3). Amounts are what the ledger moved for it.
 */
export const cfdFills = pgTable(
  'cfd_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => cfdOrders.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    /** open | close */
    kind: text('kind').notNull(),
    /** open: market | entryLimit | entryStop; close: manual | stopLoss | takeProfit | stopOut */
    reason: text('reason').notNull(),
    lots: lots('lots').notNull(),
    price: price('price').notNull(),
    tickId: bigint('tick_id', { mode: 'number' }).notNull(),
    /** price × lots × contract size in USDT, rounded up (the traded volume this fill adds). */
    notional: usdt('notional').notNull(),
    fee: usdt('fee').notNull().default('0'),
    /** open: margin held; close: margin released. */
    margin: usdt('margin').notNull(),
    /** close: profit paid (negative: loss taken from the released margin). */
    pnl: usdt('pnl').notNull().default('0'),
    /** close: loss beyond the released margin that the platform absorbed (a price gap). */
    lossWaived: usdt('loss_waived').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('cfd_fills_order_idx').on(t.orderId, t.id),
    index('cfd_fills_user_idx').on(t.userId, t.mode, t.createdAt),
    index('cfd_fills_time_idx').on(t.mode, t.createdAt),
    check('cfd_fills_kind', sql`${t.kind} in ('open', 'close')`),
    check('cfd_fills_amounts', sql`${t.lots} > 0 and ${t.price} > 0 and ${t.notional} >= 0 and ${t.lossWaived} >= 0`),
  ],
);
