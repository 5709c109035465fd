import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the options module answers (its README lists them). */
export type OptionsErrorCode =
  | typeof ErrorCode.OptionsProductWrong
  | typeof ErrorCode.NotTradableNow
  | typeof ErrorCode.PurchaseAmountWrong
  | typeof ErrorCode.PeriodNotFound
  | typeof ErrorCode.OptionQuoteExpired
  | typeof ErrorCode.OptionQuoteNotFound
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.TooManyRequests
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<OptionsErrorCode>();

/** The options' refusals, each a catalogue code. */
export const optionsErrors = {
  /** No such series, or switched off (10014, field seriesId). */
  series: () => fail(ErrorCode.OptionsProductWrong, { field: 'seriesId' }),
  /**
   * The instrument cannot be traded now (disabled, out of session, no fresh tick), its session closes
   * before the expiry, or its volatility cannot be measured yet (10015).
   */
  notTradable: () => fail(ErrorCode.NotTradableNow),
  /** Outside the series' range, malformed, or more decimals than the currency has (10016, field amount). */
  amount: () => fail(ErrorCode.PurchaseAmountWrong, { field: 'amount' }),
  /** A period the series does not list (10017, field period). */
  period: () => fail(ErrorCode.PeriodNotFound, { field: 'period' }),
  /** Past its expiry (40061, field quoteId). */
  quoteExpired: () => fail(ErrorCode.OptionQuoteExpired, { field: 'quoteId' }),
  /** Unknown, another user's or account's, or already used (40062, field quoteId). */
  quoteNotFound: () => fail(ErrorCode.OptionQuoteNotFound, { field: 'quoteId' }),
  /** More than the available balance of the series' currency (10011, field amount). */
  insufficient: (currency: string) =>
    fail(ErrorCode.BalanceInsufficientRecharge, { field: 'amount', params: { currency } }),
  /** No such order of the caller's (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** More quotes in a minute than QUOTE_RULE allows (42900, HTTP 429). */
  tooManyQuotes: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
  /** (admin) A series field that does not hold (40001, the field named). */
  invalid: (field: string) => fail(ErrorCode.InvalidField, { field, params: { field } }),
};
