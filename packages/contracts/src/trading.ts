import { z } from 'zod';
import { FeeDiscount } from './levels.ts';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Margin (CFD) trading on the wire: order/buyU, order/previewU, order/stopU, order/chedan,
 * order/updateU, order/listUOrder, order/getUOrderById/{id}, order/getProfitTotal,
 * order/getMarginAccount. Prices, lots and amounts are decimal strings (DESIGN §1.1); amounts are
 * USDT; times are epoch milliseconds. A zod message `E<code>` names the catalogue code the server
 * answers when that field is wrong.
 */

/** Order states (spec §4) and the numbers `status` carries on the wire. */
export const ORDER_STATUS = { pending: 1, open: 2, closed: 3, cancelled: 4 } as const;
export type OrderState = keyof typeof ORDER_STATUS;
export const ORDER_STATES = ['pending', 'open', 'closed', 'cancelled'] as const;

export const Side = z.enum(['buy', 'sell']);
export type Side = z.infer<typeof Side>;
/** market: fills now at the current quote; limit / stop: waits for a tick to reach `price`. */
export const OrderType = z.enum(['market', 'limit', 'stop']);
export type OrderType = z.infer<typeof OrderType>;
/** Why a position (or part of one) was closed. */
export const CloseReason = z.enum(['manual', 'stopLoss', 'takeProfit', 'stopOut']);
export type CloseReason = z.infer<typeof CloseReason>;
/** How a fill came about: an opening fill is market / entryLimit / entryStop, a closing one a CloseReason. */
export const FillReason = z.enum(['market', 'entryLimit', 'entryStop', 'manual', 'stopLoss', 'takeProfit', 'stopOut']);
export type FillReason = z.infer<typeof FillReason>;
/** user: withdrawn by the user; insufficientMargin: the entry was reached but margin + fee at the fill price were not available. */
export const CancelReason = z.enum(['user', 'insufficientMargin']);
export type CancelReason = z.infer<typeof CancelReason>;

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
const Decimal = z.string().describe('Decimal string');

/** A positive decimal typed by the user; `code` is the catalogue code a malformed value answers. */
const decimalInput = (code: number) =>
  z
    .string({ error: `E${code}` })
    .max(40, { error: `E${code}` })
    .regex(DECIMAL_INPUT, { error: `E${code}` });

/** An optional price: absent, null or "" mean none. */
const OptionalPrice = z.preprocess((v) => (v === '' ? null : v), decimalInput(40001).nullable().optional());

/** An order's public id (UOrder.id), as every order call takes it. */
export const OrderId = z
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .positive({ error: 'E40001' })
  .describe('The order’s id as UOrder.id gives it');

export const BuyURequest = z.object({
  instrumentId: z
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .positive({ error: 'E40001' })
    .max(2_147_483_647, { error: 'E40001' })
    .describe('Instrument id (index/listMarketByType → id)'),
  side: Side.describe('buy (long) or sell (short)'),
  type: OrderType.default('market'),
  lots: decimalInput(10016).describe("Lots, on the instrument's lot grid within minLots..maxLots (10016 otherwise)"),
  leverage: z
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(1_000_000, { error: 'E40001' })
    .describe("1..the instrument's maxLeverage (40001 field leverage otherwise)"),
  price: OptionalPrice.describe(
    'Entry price of a limit or stop order (required for them, ignored for market): buy limit below the ask, ' +
      'buy stop above it, sell limit above the bid, sell stop below it (40011 field price otherwise)',
  ),
  stopLoss: OptionalPrice.describe('Long: below the bid (pending: below the entry); short: above the ask / entry'),
  takeProfit: OptionalPrice.describe('Long: above the bid (pending: above the entry); short: below the ask / entry'),
  clientOrderId: z
    .string({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(64, { error: 'E40001' })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'E40001' })
    .optional()
    .describe(
      'Idempotency key chosen by the client: a retry with the same key and the same order answers the first ' +
        'order; the same key with a different order answers 40016',
    ),
});
export type BuyURequest = z.input<typeof BuyURequest>;

export const StopURequest = z.object({
  id: OrderId,
  lots: decimalInput(10016)
    .optional()
    .describe('Lots to close (partial close; must close and leave at least minLots); absent closes all'),
});
export type StopURequest = z.input<typeof StopURequest>;

export const ChedanRequest = z.object({
  id: OrderId,
  kind: z
    .enum(['cfd', 'spot'])
    .default('cfd')
    .describe('Which order the id names: a margin order (default) or a spot order (order/submit)'),
});
export type ChedanRequest = z.input<typeof ChedanRequest>;

export const UpdateURequest = z.object({
  id: OrderId,
  stopLoss: OptionalPrice.describe('New stop loss; null or "" removes it; absent leaves it as it is'),
  takeProfit: OptionalPrice.describe('New take profit; null or "" removes it; absent leaves it as it is'),
});
export type UpdateURequest = z.input<typeof UpdateURequest>;

const OrderStatusCode = z.coerce
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .min(1, { error: 'E40001' })
  .max(4, { error: 'E40001' });

export const ListUOrderQuery = z.object({
  status: z
    .union([OrderStatusCode, z.array(OrderStatusCode).min(1).max(4)])
    .optional()
    .describe(
      '1 waiting to open, 2 open, 3 closed, 4 cancelled; repeat the key for several (status=3&status=4: ' +
        'the history, newest ended first); absent: all',
    ),
  ...pageQueryFields,
});
export type ListUOrderQuery = z.input<typeof ListUOrderQuery>;

export const UOrder = z.object({
  id: z
    .number()
    .int()
    .describe('The order’s public id: random, 16 digits (not a count of orders); what every order call takes'),
  orderNo: z.string().describe('Readable order number: U + UTC date of placement + the public id'),
  instrumentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  side: Side,
  type: OrderType,
  status: z.number().int().describe('1 waiting to open, 2 open, 3 closed, 4 cancelled'),
  state: z.enum(ORDER_STATES),
  lots: Decimal.describe('Lots ordered'),
  openLots: Decimal.describe('Lots open now (0 unless open)'),
  leverage: z.number().int(),
  price: Decimal.nullable().describe('Entry level of a limit / stop order'),
  openPrice: Decimal.nullable(),
  openTickId: z.number().int().nullable().describe('The recorded tick that priced the opening fill'),
  openTime: z.number().int().nullable(),
  closePrice: Decimal.nullable().describe('Price of the close that ended the position'),
  closeTickId: z.number().int().nullable(),
  closeTime: z.number().int().nullable(),
  closeReason: CloseReason.nullable(),
  margin: Decimal.describe('Required margin at opening (for a waiting order: at its price)'),
  marginHeld: Decimal.describe('Margin held now: 0 once closed; for a waiting order margin + fee are held'),
  fee: Decimal.describe('Opening fee (no fee is charged on closing)'),
  stopLoss: Decimal.nullable(),
  takeProfit: Decimal.nullable(),
  stopOutPrice: Decimal.nullable().describe('Where the position is stopped out (margin level reached)'),
  stopOutLevel: Decimal.describe('Margin level that stops the position out, e.g. "0.5" = 50 %'),
  profit: Decimal.describe('Realised + unrealised profit (USDT)'),
  realisedProfit: Decimal,
  unrealisedProfit: Decimal.nullable().describe('Open positions: at the current quote; null otherwise'),
  currentPrice: Decimal.nullable().describe('Open positions: the price they would close at now'),
  cancelReason: CancelReason.nullable(),
  cancelTime: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type UOrder = z.infer<typeof UOrder>;

export const UFill = z.object({
  id: z.number().int(),
  kind: z.enum(['open', 'close']),
  reason: FillReason,
  lots: Decimal,
  price: Decimal,
  tickId: z.number().int().describe('The recorded market tick that priced this fill'),
  notional: Decimal,
  fee: Decimal,
  margin: Decimal.describe('Opening: margin held; closing: margin released'),
  profit: Decimal.describe('Closing: realised profit paid (negative: loss taken from the margin)'),
  lossWaived: Decimal.describe('Loss beyond the released margin, absorbed by the platform (price gaps only)'),
  time: z.number().int(),
});
export type UFill = z.infer<typeof UFill>;

export const UOrderDetail = UOrder.extend({ fills: z.array(UFill) });
export type UOrderDetail = z.infer<typeof UOrderDetail>;

export const ListUOrderResult = paged(UOrder);
export type ListUOrderResult = z.infer<typeof ListUOrderResult>;

export const CloseUResult = z.object({ order: UOrder, fill: UFill });
export type CloseUResult = z.infer<typeof CloseUResult>;

export const OrderPreview = z.object({
  instrumentId: z.number().int(),
  side: Side,
  type: OrderType,
  lots: Decimal,
  leverage: z.number().int(),
  price: Decimal.describe('Where it would fill now (market) or its entry price (limit / stop)'),
  tickId: z.number().int().describe('The quote the preview was priced on'),
  notional: Decimal,
  margin: Decimal,
  fee: Decimal,
  cost: Decimal.describe('margin + fee: what the available balance must cover'),
  available: Decimal,
  stopOutPrice: Decimal.nullable(),
  stopOutLevel: Decimal,
  feeDiscount: FeeDiscount.nullable()
    .optional()
    .describe('The VIP level whose discount `fee` already has (modules/levels), null when none'),
});
export type OrderPreview = z.infer<typeof OrderPreview>;

export const ProfitTotal = z.object({
  mode: z.enum(['real', 'demo']),
  currency: z.literal('USDT'),
  totalProfit: Decimal.describe('Realised profit over all closes'),
  todayProfit: Decimal.describe('Realised profit of closes since 00:00 UTC'),
  openProfit: Decimal.describe('Unrealised profit of open positions at current quotes'),
  totalFee: Decimal.describe('Opening fees paid'),
  openPositions: z.number().int(),
  pendingOrders: z.number().int(),
});
export type ProfitTotal = z.infer<typeof ProfitTotal>;

export const MarginAccount = z.object({
  mode: z.enum(['real', 'demo']),
  currency: z.literal('USDT'),
  balance: Decimal.describe('available + usedMargin + orderMargin (cash, before open PnL)'),
  equity: Decimal.describe('balance + openProfit'),
  usedMargin: Decimal.describe('Margin held by open positions'),
  orderMargin: Decimal.describe('Margin + fee held by orders waiting to open'),
  freeMargin: Decimal.describe('Available USDT: what new orders can use'),
  openProfit: Decimal,
  marginLevel: Decimal.nullable().describe(
    'equity / usedMargin (the account level traders read), 4 decimals rounded down; null with no position. The stop-out watches each position’s own level, (margin + PnL) / margin, against stopOutLevel',
  ),
  stopOutLevel: Decimal,
});
export type MarginAccount = z.infer<typeof MarginAccount>;

/**
 * A private push on the WebSocket /message (after `{"op":"auth","token":…}`): one of the user's
 * margin orders changed. `event` says how; `reason` why (a fill or close reason, or a cancel
 * reason); `price` and `tickId` are the fill's, when there was one. The client refetches its lists.
 */
export const OrderPushEvent = z.enum(['placed', 'opened', 'closed', 'reduced', 'cancelled', 'updated']);
export type OrderPushEvent = z.infer<typeof OrderPushEvent>;
export const OrderPush = z.object({
  ch: z.literal('orders'),
  mode: z.enum(['real', 'demo']),
  id: z.number().int().describe('The order’s public id (UOrder.id)'),
  orderNo: z.string(),
  code: z.string(),
  state: z.enum(ORDER_STATES),
  event: OrderPushEvent,
  reason: z.string().nullable(),
  price: Decimal.nullable(),
  tickId: z.number().int().nullable(),
});
export type OrderPush = z.infer<typeof OrderPush>;
