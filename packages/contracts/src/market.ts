import { z } from 'zod';

/**
 * Market data on the wire: instruments, quotes, K-lines, and the quote batches pushed on the
 * WebSocket /message. Every price, amount and volume is a decimal string (DESIGN §1.1); times are
 * epoch milliseconds.
 */

/** 1 forex and metals, 2 crypto, 3 stocks, 4 futures, 5 ETFs. */
export const MARKET_TYPES = { forex: 1, crypto: 2, stocks: 3, futures: 4, etf: 5 } as const;
export const MarketTypeCode = z.coerce.number().int().min(1).max(5);

export const K_PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KPeriod = (typeof K_PERIODS)[number];
/** Length of each candle period; candles are aligned to multiples of it since the epoch (UTC). */
export const PERIOD_MS: Record<KPeriod, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
/** Most candles one getKValueByCodeAndDate call answers. */
export const MAX_CANDLES = 1000;
export const DEFAULT_CANDLES = 300;

/** Where a tick came from: the simulated feed, Binance's public stream, or a manual/test publisher. */
export const TickSource = z.enum(['sim', 'binance', 'manual']);
export type TickSource = z.infer<typeof TickSource>;

const Decimal = z.string().describe('Decimal string');

export const Quote = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int().describe('1 forex/metals, 2 crypto, 3 stocks, 4 futures, 5 ETF'),
  last: Decimal.describe('Last price (the mid for simulated quotes, the last trade for exchange quotes)'),
  bid: Decimal,
  ask: Decimal,
  change: Decimal.describe('last − price 24 h ago (rolling)'),
  changePct: Decimal.describe('change as a percentage, 2 decimals'),
  high: Decimal.describe('24 h high (rolling)'),
  low: Decimal.describe('24 h low (rolling)'),
  volume: Decimal.describe('24 h volume in base units (shares, coins, contracts…)'),
  ts: z.number().int().describe('Time of the quote, epoch ms'),
  open: z.boolean().describe("Whether the instrument's trading session is open now"),
  simulated: z.boolean().describe('True while the price comes from the simulated feed'),
  priceDecimals: z.number().int(),
});
export type Quote = z.infer<typeof Quote>;

/** One element of a quote batch on /message (a bare JSON array of these, only the quotes that changed). */
export const QuoteTick = z.object({
  id: z.number().int(),
  code: z.string(),
  last: Decimal,
  bid: Decimal,
  ask: Decimal,
  change: Decimal,
  changePct: Decimal,
  high: Decimal,
  low: Decimal,
  volume: Decimal,
  ts: z.number().int(),
});
export type QuoteTick = z.infer<typeof QuoteTick>;
export const QuoteBatch = z.array(QuoteTick);

/** A recorded tick (index/getTick/{id}): what priced a fill, as stored (DESIGN §1.3). */
export const RecordedTick = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  code: z.string(),
  ts: z.number().int().describe('When the feed observed it, epoch ms'),
  bid: Decimal,
  ask: Decimal,
  last: Decimal,
  source: TickSource.describe('sim: the simulated feed; binance: the exchange stream'),
  pinned: z.boolean().describe('Kept forever because a fill references it'),
});
export type RecordedTick = z.infer<typeof RecordedTick>;

/** A weekly window in UTC, e.g. { from: 'Mon 14:30', to: 'Mon 21:00' }; `to` may be on a later day. */
export const SessionWindow = z.object({ from: z.string(), to: z.string() });
export const SessionSpec = z.object({
  /** `always`: 24/7; `weekly`: open inside the listed UTC windows only. */
  kind: z.enum(['always', 'weekly']),
  label: z.string(),
  windows: z.array(SessionWindow),
});
export type SessionSpec = z.infer<typeof SessionSpec>;

export const InstrumentSpec = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  assetClass: z.enum(['forex', 'metal', 'crypto', 'stock', 'future', 'etf']),
  baseCurrency: z.string().describe('e.g. EUR in EUR/USD, AAPL for a share'),
  quoteCurrency: z.string().describe('The currency prices are in: USD, USDT, JPY…'),
  quoteToUsdt: z
    .enum(['direct', 'inverse'])
    .describe('direct: the quote currency is USD/USDT; inverse: the base is USD (divide by the price)'),
  tickSize: Decimal,
  contractSize: Decimal.describe('Base units per lot'),
  lotStep: Decimal,
  minLots: Decimal,
  maxLots: Decimal,
  maxLeverage: z.number().int(),
  feeRate: Decimal.describe('Fraction of notional, e.g. "0.0005" = 0.05%'),
  stopDistance: Decimal.describe(
    'The least distance of a stop loss or take profit from the price the position would close at ' +
      '(bid for a long, ask for a short), in price: the stops level × the tick size. A take profit must also ' +
      'lie beyond the entry price.',
  ),
  priceDecimals: z.number().int(),
  volatility: Decimal.describe('Annualised volatility the simulated feed uses (fraction)'),
  session: SessionSpec,
  feed: z.enum(['sim', 'binance']).describe('The feed that prices this instrument now'),
});
export type InstrumentSpec = z.infer<typeof InstrumentSpec>;

export const MarketInfo = InstrumentSpec.extend({
  open: z.boolean(),
  /** When the session next opens or closes (epoch ms); null for 24/7 markets. */
  nextSessionChange: z.number().int().nullable(),
  quote: Quote,
});
export type MarketInfo = z.infer<typeof MarketInfo>;

export const Candle = z.object({
  openTime: z.number().int().describe('Start of the candle, epoch ms (UTC-aligned)'),
  open: Decimal,
  high: Decimal,
  low: Decimal,
  close: Decimal,
  volume: Decimal,
});
export type Candle = z.infer<typeof Candle>;

/** `from`/`to`: epoch milliseconds, or an ISO-8601 date or date-time with its offset (Z or ±hh:mm). */
const TimeParam = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const ms = /^\d{1,15}$/.test(s)
      ? Number(s)
      : /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(s)
        ? Date.parse(s)
        : Number.NaN;
    // 2000-01-01 … 2200-01-01: anything outside is a typo or an attack, not a chart request.
    if (!Number.isFinite(ms) || ms < 946_684_800_000 || ms > 7_258_118_400_000) {
      ctx.addIssue({ code: 'custom', message: 'E40001' });
      return z.NEVER;
    }
    return ms;
  });

export const KLineQuery = z.object({
  code: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/),
  period: z.enum(K_PERIODS, { error: (iss) => (iss.input === undefined ? 'E40001' : 'E10017') }),
  from: TimeParam.optional(),
  to: TimeParam.optional(),
  /** Most recent candles to answer (1–1000, default 300); a wide range answers its latest `limit`. */
  limit: z.coerce.number().int().min(1).max(MAX_CANDLES).optional(),
});
export type KLineQuery = z.input<typeof KLineQuery>;

export const ListMarketQuery = z.object({ type: MarketTypeCode });
