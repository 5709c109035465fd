import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the exchange module answers (its README lists them). */
export type ExchangeErrorCode =
  | typeof ErrorCode.AmountWrong
  | typeof ErrorCode.ExchangeSameCurrency
  | typeof ErrorCode.ExchangeCurrencyUnavailable
  | typeof ErrorCode.ExchangeAmountTooSmall
  | typeof ErrorCode.ExchangeQuoteExpired
  | typeof ErrorCode.ExchangeQuoteNotFound
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<ExchangeErrorCode>();

/** The exchange's refusals, each a catalogue code. */
export const exchangeErrors = {
  /** Not positive, more decimals than the currency has, or too large (40038, field amount). */
  amountWrong: () => fail(ErrorCode.AmountWrong, { field: 'amount' }),
  /** The same currency on both sides (40045, field to). */
  sameCurrency: () => fail(ErrorCode.ExchangeSameCurrency, { field: 'to' }),
  /** Unknown, or without a recorded price (40046, on the field that names it). */
  unavailable: (field: 'from' | 'to', currency: string) =>
    fail(ErrorCode.ExchangeCurrencyUnavailable, { field, params: { currency } }),
  /** What would be received rounds down to nothing (40047, field amount). */
  tooSmall: () => fail(ErrorCode.ExchangeAmountTooSmall, { field: 'amount' }),
  /** Past its expiry (40048, field quoteId). */
  expired: () => fail(ErrorCode.ExchangeQuoteExpired, { field: 'quoteId' }),
  /** Unknown, another user's or account's, or already used (40049, field quoteId). */
  notFound: () => fail(ErrorCode.ExchangeQuoteNotFound, { field: 'quoteId' }),
  /** More quotes in a minute than QUOTE_RULE allows (42900, HTTP 429). */
  tooManyQuotes: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
  /** More than the available balance of the currency given (10011, field amount). */
  insufficient: (currency: string) =>
    fail(ErrorCode.BalanceInsufficientRecharge, { field: 'amount', params: { currency } }),
};
