import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Spot trading (spec §1 coin-to-coin exchange with an order book, §3 spot order, §4 spot orders, §7
 * `order/submit`, `order/listBbOrder`, `order/chedan`): a signed-in user buys or sells a coin against
 * another on a pair's order book, in the account the `virtually` header selects (real and demo have
 * books of their own). Prices are in the quote currency per unit of the base, quantities in the base;
 * both decimal strings on the pair's grid (DESIGN §1.1).
 *
 * Funds are held before the book sees an order: a buy holds price × quantity plus the fee at the
 * higher of the pair's two rates in the quote currency (a market buy at its protection price), a sell holds the quantity of the base.
 * Trades print at the resting order's price; each side pays its fee (maker or taker rate) in the
 * quote currency: the buyer on top of what it pays, the seller out of what it receives.
 *
 * Refusals: unknown pair 80005; pair disabled 10015; quantity malformed, off the lot grid or outside
 * the pair's range 10016; price malformed or off the tick grid 40001 (field price); more than the
 * available balance 10011; a post-only order that would trade at once 40051; a fill-or-kill order
 * that cannot fill in full 40052; a market order with nothing to trade against within its protection
 * 40053; a clientOrderId already used for a different order 40016. A refused order writes nothing.
 * Cancelling: an order that is not the user's (or not of this account) 80005; already filled or
 * cancelled 40050.
 */

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Spot order states (spec §4): 1 waiting for fill (partly filled included), 2 cancelled, 3 filled. */
export const SPOT_STATUS = { waiting: 1, cancelled: 2, filled: 3 } as const;

export const SpotSide = z.enum(['buy', 'sell']);
export type SpotSide = z.infer<typeof SpotSide>;
export const SpotOrderType = z.enum(['limit', 'market']);
export type SpotOrderType = z.infer<typeof SpotOrderType>;
/** GTC rests until filled or cancelled; IOC fills what it can now; FOK all now or nothing; POST_ONLY only ever rests. */
export const SpotTimeInForce = z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
export type SpotTimeInForce = z.infer<typeof SpotTimeInForce>;

/** A pair as the market lists it, with the last 24 hours of its own trades. */
export const SpotPair = z.object({
  id: z.number().int(),
  symbol: z.string().describe('BASE/QUOTE, e.g. BTC/USDT'),
  base: z.string(),
  quote: z.string(),
  tickSize: z.string().describe('Price step, in the quote currency'),
  lotSize: z.string().describe('Quantity step, in the base currency'),
  minQuantity: z.string(),
  maxQuantity: z.string(),
  makerFeeRate: z.string().describe('Fee of an order that rested in the book, as a fraction (0.001 = 0.1 %)'),
  takerFeeRate: z.string().describe('Fee of an order that traded on arrival, as a fraction'),
  marketProtection: z
    .string()
    .describe('A market order trades no further than this fraction beyond the best price when it arrives'),
  enabled: z.boolean(),
  instrumentId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The market instrument whose recorded ticks give the reference price and the chart (index/getKValueByCodeAndDate)',
    ),
  lastPrice: z.string().nullable().describe('Price of the last trade on this book (null before the first)'),
  referencePrice: z
    .string()
    .nullable()
    .describe('The feed’s recorded mid price of the base in the quote (informative)'),
  change24h: z.string().nullable().describe('Percent change of the last price over 24 h (null without trades then)'),
  high24h: z.string().nullable(),
  low24h: z.string().nullable(),
  volume24h: z.string().describe('Base traded over the last 24 h'),
  quoteVolume24h: z.string().describe('Quote traded over the last 24 h'),
});
export type SpotPair = z.infer<typeof SpotPair>;

export const SpotSubmitRequest = z.object({
  pairId: z.coerce.number({ error: 'E80005' }).int({ error: 'E80005' }).positive({ error: 'E80005' }),
  side: SpotSide,
  type: SpotOrderType.default('limit'),
  timeInForce: SpotTimeInForce.default('GTC').describe('Limit orders only; a market order is IOC'),
  price: z
    .string()
    .trim()
    .max(40)
    .regex(DECIMAL_INPUT)
    .optional()
    .describe('Limit price in the quote currency, on the tick grid (required for limit orders)'),
  quantity: z
    .string({ error: 'E10016' })
    .trim()
    .max(40, { error: 'E10016' })
    .regex(DECIMAL_INPUT, { error: 'E10016' })
    .describe('Quantity of the base currency, on the lot grid'),
  clientOrderId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .optional()
    .describe('Makes the call safe to retry: the same key answers the first order'),
});
export type SpotSubmitRequest = z.input<typeof SpotSubmitRequest>;

/** `order/previewBb`: the order `order/submit` would place, priced before the user confirms (nothing is placed). */
export const SpotPreviewRequest = SpotSubmitRequest.omit({ clientOrderId: true });
export type SpotPreviewRequest = z.input<typeof SpotPreviewRequest>;

/**
 * What an order would cost by the server's rules (the settlement's own fee function): the user's rates
 * after their VIP discount, the order's price bound (a limit's price, a market order's protection
 * from the best opposite price now), what it holds, and the worst its fee and total can come to.
 */
export const SpotPreview = z.object({
  pairId: z.number().int(),
  side: SpotSide,
  type: SpotOrderType,
  timeInForce: SpotTimeInForce.describe('A market order is IOC'),
  quantity: z.string(),
  price: z.string().describe('The limit price, or for a market order the best opposite price now'),
  protectionPrice: z.string().nullable().describe('Market orders: the worst price they may trade at'),
  boundPrice: z.string().describe('The price the figures below are at: the limit price or the protection price'),
  makerFeeRate: z.string().describe('The user’s maker rate: the pair’s less their discount, as a fraction'),
  takerFeeRate: z.string().describe('The user’s taker rate, as a fraction'),
  feeRate: z.string().describe('The rate of `fee`: maker for a post-only order, otherwise the higher of the two'),
  discount: z.string().describe('Share taken off both rates by the user’s VIP level, "0" when none'),
  turnover: z.string().describe('price bound × quantity, in the quote currency'),
  fee: z
    .string()
    .describe('In the quote currency, at feeRate on the turnover, rounded up: the most a buy pays in fees'),
  held: z
    .string()
    .describe('What the order holds until it ends: quote for a buy (at the higher undiscounted rate), base for a sell'),
  heldCurrency: z.string(),
  total: z.string().describe('A buy: turnover + fee, the most it pays; a sell: turnover − fee, the least it receives'),
  available: z.string().describe('The user’s available balance of heldCurrency'),
});
export type SpotPreview = z.infer<typeof SpotPreview>;

export const SpotFill = z.object({
  id: z.number().int(),
  price: z.string(),
  quantity: z.string(),
  turnover: z.string().describe('price × quantity, in the quote currency'),
  fee: z.string().describe('In the quote currency'),
  role: z.enum(['maker', 'taker']),
  time: z.number().int().describe('Epoch ms'),
});
export type SpotFill = z.infer<typeof SpotFill>;

export const SpotOrder = z.object({
  id: z.number().int().describe('Public id: what order/chedan takes'),
  orderNo: z.string(),
  pairId: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  side: SpotSide,
  type: SpotOrderType,
  timeInForce: SpotTimeInForce,
  status: z.number().int().describe('1 waiting for fill, 2 cancelled, 3 filled'),
  price: z.string().nullable().describe('Limit price (market orders: null)'),
  protectionPrice: z.string().nullable().describe('Market orders: the worst price they could trade at'),
  quantity: z.string(),
  filledQuantity: z.string(),
  turnover: z.string().describe('Quote traded so far'),
  averagePrice: z.string().nullable(),
  fee: z.string().describe('Fees paid so far, in the quote currency'),
  held: z.string().describe('Funds still held for the rest (quote for a buy, base for a sell)'),
  cancelReason: z.enum(['user', 'unfilled', 'self_trade']).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  lastTradeAt: z.number().int().nullable().describe('Transaction time of the last fill'),
  fills: z.array(SpotFill).optional(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;

export const SpotOrderListQuery = z.object({
  pairId: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  ...pageQueryFields,
});
export type SpotOrderListQuery = z.input<typeof SpotOrderListQuery>;

export const SpotHolding = z.object({ currency: z.string(), available: z.string(), locked: z.string() });
export type SpotHolding = z.infer<typeof SpotHolding>;

export const SpotOrderList = paged(SpotOrder).extend({
  holdings: z.array(SpotHolding).describe('The user’s holdings of the currencies of the listed pair (or of all)'),
});
export type SpotOrderList = z.infer<typeof SpotOrderList>;

/** One price level: [price, total quantity]. */
export const SpotLevel = z.tuple([z.string(), z.string()]);
export type SpotLevel = z.infer<typeof SpotLevel>;

/**
 * The book's top levels after change `seq`. Diffs pushed on `/message` carry the levels that changed
 * (quantity "0": the level left the view) with the next seq; a client that misses one fetches this again.
 */
export const SpotDepth = z.object({
  pairId: z.number().int(),
  mode: z.enum(['real', 'demo']),
  seq: z.number().int(),
  bids: z.array(SpotLevel).describe('Best (highest) first'),
  asks: z.array(SpotLevel).describe('Best (lowest) first'),
});
export type SpotDepth = z.infer<typeof SpotDepth>;

export const SpotTrade = z.object({
  id: z.number().int(),
  price: z.string(),
  quantity: z.string(),
  side: SpotSide.describe('The taker’s side'),
  time: z.number().int(),
});
export type SpotTrade = z.infer<typeof SpotTrade>;

export const SpotBookQuery = z.object({
  pairId: z.coerce.number({ error: 'E80005' }).int({ error: 'E80005' }).positive({ error: 'E80005' }),
});

/** How many levels of each side the depth shows and pushes. */
export const SPOT_DEPTH_LEVELS = 50;

/**
 * `/message` frames. Client: `{"op":"sub","ch":"spot","pairId":1,"mode":"real"}` and `{"op":"unsub",…}`.
 * Server: `{"ch":"spot.book","pairId","mode","seq","bids","asks","trades"}` after each change of the
 * book (levels changed since seq − 1, new trades); signed-in sockets also get
 * `{"ch":"spot.orders","mode","ids":[…]}` when their spot orders or balances change.
 */
export const SpotBookPush = SpotDepth.extend({ trades: z.array(SpotTrade) });
export type SpotBookPush = z.infer<typeof SpotBookPush>;
