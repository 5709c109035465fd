import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Options (spec §1 options, §7 order/buyOptions, order/listOptionsOrder, order/getOptionsOrderById/{id},
 * §8 10014–10017, 20004; DESIGN §4 "Options"): cash-settled European calls and puts on listed
 * instruments, struck at the money, for the periods an operator lists, paid in the series' currency.
 *
 * The model (packages/engine/src/options, stated on the ticket):
 * - volatility σ: annualised from the log returns of the instrument's 1-minute candles (the aggregate
 *   of its recorded ticks) over the last 24 hours of open time, floored and capped;
 * - each option is a *capped* call or put: the payout per unit is the intrinsic value, at most
 *   `capMove` × strike. Its Black–Scholes value (r = 0) as a share of the strike is
 *   C(1, 1) − C(1, 1 + capMove) for a call, P(1, 1) − P(1, 1 − capMove) for a put, with T the period
 *   in years; the price charged is that `modelRate` × (1 + spreadBps / 10 000), rounded up to 8
 *   decimals (`rate`);
 * - quantity = amount / (strike × rate), rounded down to 8 decimals; the strike is the price of the
 *   recorded tick current when the order is placed (shown with its tick id);
 * - at expiry the payout is quantity × min(max(S − K, 0), capMove × K) for a call,
 *   quantity × min(max(K − S, 0), capMove × K) for a put, rounded down to the currency's scale, where
 *   S is the price of the first recorded tick at or after the expiry time (shown with its tick id).
 *   The maximum payout is amount × capMove / rate, whatever the strike.
 *
 * A quote (`order/quoteOptions`) fixes the rate, the volatility and the maximum payout for
 * `quoteTtlSeconds`; the strike is taken when the user confirms (`order/buyOptions { quoteId }`), so
 * a price seen before confirming cannot be traded on. Both demo and real accounts may buy options.
 *
 * Refusals: unknown or disabled series 10014; the instrument not tradable now, or its session closing
 * before the expiry 10015; an amount outside the series' range or malformed 10016; a period the
 * series does not list 10017; a quote past its expiry 40061; a quote unknown, another user's or
 * account's, or used 40062; more than the available balance 10011.
 */

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
const SHARE_INPUT = /^0(\.\d{1,8})?$/;

/** Quote ids: 32 lowercase hexadecimal digits (128 random bits). */
export const OPTION_QUOTE_ID = /^[0-9a-f]{32}$/;

export const OPTION_DIRECTIONS = ['call', 'put'] as const;
export const OptionDirection = z
  .enum(OPTION_DIRECTIONS, { error: 'E40001' })
  .describe('call: pays if the price ends above the strike; put: if it ends below');
export type OptionDirection = z.infer<typeof OptionDirection>;

/** An option series as users see it: one instrument, its periods, its limits and the live model inputs. */
export const OptionSeries = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  code: z.string().describe('The instrument’s code, e.g. BTC/USDT'),
  name: z.string(),
  currency: z.string().describe('What premiums and payouts are paid in'),
  scale: z.number().int(),
  periods: z.array(z.number().int()).describe('Periods offered, in seconds (10017 for any other)'),
  minAmount: z.string(),
  maxAmount: z.string().describe('The maximum stake (premium) of one order'),
  spreadBps: z.number().int().describe('Added to the model premium, in basis points (500 = 5 %)'),
  capMove: z.string().describe('The payout per unit is capped at this share of the strike'),
  volatility: z.string().nullable().describe('σ now, annualised, e.g. "0.6250" (null: not enough candles yet)'),
  tradable: z.boolean().describe('The instrument can be traded now'),
});
export type OptionSeries = z.infer<typeof OptionSeries>;

export const ListOptionSeriesQuery = z.object({
  instrumentId: z.coerce.number({ error: 'E40001' }).int({ error: 'E40001' }).positive().optional(),
});
export type ListOptionSeriesQuery = z.input<typeof ListOptionSeriesQuery>;
export const ListOptionSeriesResult = z.object({ list: z.array(OptionSeries) });
export type ListOptionSeriesResult = z.infer<typeof ListOptionSeriesResult>;

export const OptionQuoteRequest = z.object({
  seriesId: z.coerce.number({ error: 'E10014' }).int({ error: 'E10014' }).positive({ error: 'E10014' }),
  period: z.coerce.number({ error: 'E10017' }).int({ error: 'E10017' }).positive({ error: 'E10017' }),
  direction: OptionDirection,
  amount: z
    .string({ error: 'E10016' })
    .trim()
    .min(1, { error: 'E10016' })
    .max(40, { error: 'E10016' })
    .regex(DECIMAL_INPUT, { error: 'E10016' })
    .describe('The premium paid: within the series’ range, at most the currency’s decimals (10016)'),
});
export type OptionQuoteRequest = z.input<typeof OptionQuoteRequest>;

export const OptionQuote = z.object({
  quoteId: z.string().describe('Confirm with POST order/buyOptions { quoteId } before expiresAt'),
  mode: z.enum(['real', 'demo']),
  seriesId: z.number().int(),
  code: z.string(),
  direction: OptionDirection,
  period: z.number().int().describe('Seconds from the purchase to the expiry'),
  currency: z.string(),
  amount: z.string().describe('The premium paid'),
  volatility: z.string().describe('σ used, annualised'),
  modelRate: z.string().describe('Black–Scholes value of the capped option as a share of the strike'),
  spreadBps: z.number().int(),
  rate: z.string().describe('Premium per unit as a share of the strike: modelRate plus the spread, rounded up'),
  capMove: z.string(),
  maxPayout: z.string().describe('The most the option can pay: amount × capMove / rate, rounded down'),
  price: z.string().describe('The price now (indicative strike: the strike is the price when confirmed)'),
  tickId: z.number().int().describe('The recorded tick of `price`'),
  quantity: z.string().describe('Indicative: amount / (price × rate)'),
  expiresAt: z.number().int().describe('Epoch ms after which the quote is refused (40061)'),
});
export type OptionQuote = z.infer<typeof OptionQuote>;

export const BuyOptionsRequest = z.object({
  quoteId: z.string({ error: 'E40062' }).regex(OPTION_QUOTE_ID, { error: 'E40062' }),
});
export type BuyOptionsRequest = z.input<typeof BuyOptionsRequest>;

export const OPTION_STATUSES = ['open', 'settled'] as const;
export const OptionStatus = z.enum(OPTION_STATUSES, { error: 'E40001' });
export type OptionStatus = z.infer<typeof OptionStatus>;

export const OptionOrder = z.object({
  id: z.number().int().describe('Public id (random)'),
  mode: z.enum(['real', 'demo']),
  seriesId: z.number().int(),
  instrumentId: z.number().int(),
  code: z.string(),
  direction: OptionDirection,
  period: z.number().int(),
  currency: z.string(),
  amount: z.string().describe('The premium paid'),
  volatility: z.string(),
  modelRate: z.string(),
  spreadBps: z.number().int(),
  rate: z.string(),
  capMove: z.string(),
  strike: z.string().describe('The price of the opening tick'),
  openTickId: z.number().int(),
  quantity: z.string(),
  capPrice: z.string().describe('Strike × (1 ± capMove): beyond it the payout no longer grows'),
  maxPayout: z.string(),
  openedAt: z.number().int().describe('Epoch ms'),
  expiresAt: z.number().int().describe('openedAt + period'),
  status: OptionStatus,
  settlePrice: z.string().nullable().describe('The price of the first recorded tick at or after expiresAt'),
  settleTickId: z.number().int().nullable(),
  settleTickAt: z.number().int().nullable().describe('That tick’s time'),
  settledAt: z.number().int().nullable(),
  payout: z.string().nullable(),
  profit: z.string().nullable().describe('payout − amount'),
});
export type OptionOrder = z.infer<typeof OptionOrder>;

export const ListOptionsOrderQuery = z.object({
  status: OptionStatus.optional(),
  ...pageQueryFields,
});
export type ListOptionsOrderQuery = z.input<typeof ListOptionsOrderQuery>;
export const ListOptionsOrderResult = paged(OptionOrder);
export type ListOptionsOrderResult = z.infer<typeof ListOptionsOrderResult>;

// ------------------------------------------------------------------ the back office (admin API)

const AdminDecimal = z.string({ error: 'E40001' }).max(40, { error: 'E40001' }).regex(DECIMAL_INPUT, {
  error: 'E40001',
});

export const AdminOptionSeries = OptionSeries.extend({
  enabled: z.boolean(),
  open: z.number().int().describe('Open orders'),
  exposure: z.string().describe('The sum of the open orders’ maximum payouts'),
});
export type AdminOptionSeries = z.infer<typeof AdminOptionSeries>;

export const AdminOptionSeriesInput = z.object({
  instrument: z.string({ error: 'E40001' }).trim().min(1).max(40).describe('Instrument code or id'),
  currency: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
  periods: z
    .array(
      z
        .number({ error: 'E40001' })
        .int({ error: 'E40001' })
        .min(60, { error: 'E40001' })
        .max(30 * 86_400),
    )
    .min(1, { error: 'E40001' })
    .max(12, { error: 'E40001' }),
  minAmount: AdminDecimal,
  maxAmount: AdminDecimal,
  spreadBps: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0).max(5_000),
  capMove: z.string({ error: 'E40001' }).regex(SHARE_INPUT, { error: 'E40001' }),
  enabled: z.boolean({ error: 'E40001' }),
});
export type AdminOptionSeriesInput = z.input<typeof AdminOptionSeriesInput>;

export const AdminOptionSeriesResult = z.object({
  list: z.array(AdminOptionSeries),
  /** The platform's options account per mode and currency: premiums in, payouts out. */
  accounts: z.array(
    z.object({
      mode: z.enum(['real', 'demo']),
      currency: z.string(),
      balance: z.string(),
      exposure: z.string().describe('What the open orders would pay if every one expired at its cap'),
      open: z.number().int(),
    }),
  ),
});
export type AdminOptionSeriesResult = z.infer<typeof AdminOptionSeriesResult>;
