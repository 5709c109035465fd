import { z } from 'zod';
import { FeeDiscount } from './levels.ts';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Currency exchange (spec §7 user/dh): a signed-in user converts an amount of one currency they
 * hold into another, in the account the `virtually` header selects, at the recorded feed prices
 * with a disclosed spread. A quote is asked for first (`user/dh/quote`), shown with its expiry, and
 * confirmed by its id (`user/dh`); a quote executes at most once. Amounts are decimal strings at the
 * currency's scale (DESIGN §1.1).
 *
 * Refusals: an empty amount 40037; an amount not positive, with more decimals than the `from`
 * currency has, or too large 40038; the same currency on both sides 40045; a currency that is not
 * exchangeable (unknown, or no recorded price) 40046; an amount whose `receive` rounds to zero
 * 40047; a quote past its expiry 40048; a quote that is unknown, another user's or account's, or
 * already used 40049; more than the available balance of `from` 10011 (nothing is written).
 */

const CODE = /^[A-Z0-9]{2,12}$/;
const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Quote ids: 32 lowercase hexadecimal digits (128 random bits). */
export const EXCHANGE_QUOTE_ID = /^[0-9a-f]{32}$/;

/** The spread's parameter key (basis points taken from the rate, against the user) and its default. */
export const EXCHANGE_SPREAD_PARAM = 'exchange.spreadBps';
export const EXCHANGE_SPREAD_BPS_DEFAULT = 50;
/** How long a quote may be confirmed: its parameter key (seconds) and default. */
export const EXCHANGE_QUOTE_TTL_PARAM = 'exchange.quoteTtlSeconds';
export const EXCHANGE_QUOTE_TTL_SECONDS_DEFAULT = 15;

const ExchangeCurrency = z.string({ error: 'E40046' }).regex(CODE, { error: 'E40046' });

export const ExchangeQuoteRequest = z.object({
  from: ExchangeCurrency.describe('The currency given, e.g. BTC'),
  to: ExchangeCurrency.describe('The currency received, e.g. USDT'),
  amount: z
    .string({ error: (iss) => (iss.input === undefined ? 'E40037' : 'E40038') })
    .trim()
    .min(1, { error: 'E40037' })
    .max(40, { error: 'E40038' })
    .regex(DECIMAL_INPUT, { error: 'E40038' })
    .describe('Amount of `from` given: a positive decimal string with at most its scale of decimals'),
});
export type ExchangeQuoteRequest = z.input<typeof ExchangeQuoteRequest>;

const Mode = z.enum(['real', 'demo']);

export const ExchangeQuote = z.object({
  quoteId: z.string().describe('Confirm with POST user/dh { quoteId } before expiresAt'),
  mode: Mode.describe('The account the exchange happens in (header virtually)'),
  from: z.string(),
  to: z.string(),
  amount: z.string().describe('Amount of `from` given'),
  receive: z.string().describe('Amount of `to` received: amount × rate, rounded down to the `to` currency’s scale'),
  rate: z
    .string()
    .describe(
      'Units of `to` per unit of `from`: fromPrice / toPrice × (1 − spreadBps / 10000), rounded down to 18 decimals',
    ),
  spreadBps: z.number().int().describe('The spread taken from the rate, in basis points (50 = 0.5 %)'),
  feeDiscount: FeeDiscount.nullable()
    .optional()
    .describe('The VIP level whose discount `spreadBps` already has (quote only), null when none'),
  fromPrice: z.string().describe('USDT per unit of `from`: the bid of its recorded tick (1 for USDT)'),
  toPrice: z.string().describe('USDT per unit of `to`: the ask of its recorded tick (1 for USDT)'),
  fromTickId: z.number().int().nullable().describe('The recorded tick fromPrice comes from (null for USDT)'),
  toTickId: z.number().int().nullable().describe('The recorded tick toPrice comes from (null for USDT)'),
  expiresAt: z.number().int().describe('Epoch ms after which the quote is refused (40048)'),
});
export type ExchangeQuote = z.infer<typeof ExchangeQuote>;

export const ExchangeConfirmRequest = z.object({
  quoteId: z.string({ error: 'E40049' }).regex(EXCHANGE_QUOTE_ID, { error: 'E40049' }),
});
export type ExchangeConfirmRequest = z.input<typeof ExchangeConfirmRequest>;

/** An executed exchange: the quote it executed and when. */
export const Exchange = ExchangeQuote.omit({ expiresAt: true }).extend({
  quotedAt: z.number().int().describe('Epoch ms'),
  executedAt: z.number().int().describe('Epoch ms'),
});
export type Exchange = z.infer<typeof Exchange>;

export const ListExchangeQuery = z.object({
  currency: z
    .string({ error: 'E40001' })
    .regex(CODE, { error: 'E40001' })
    .optional()
    .describe('Only exchanges from or to this currency; absent: all'),
  ...pageQueryFields,
});
export type ListExchangeQuery = z.input<typeof ListExchangeQuery>;

export const ListExchangeResult = paged(Exchange);
export type ListExchangeResult = z.infer<typeof ListExchangeResult>;
