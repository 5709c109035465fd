import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { invalidField, moduleErrors } from '../../http/errors.ts';

/** Every code the market module answers (its README lists them). */
export type MarketErrorCode =
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.NotTradableNow
  | typeof ErrorCode.PeriodNotFound
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<MarketErrorCode>();

/** This module's failures and the catalogue codes they answer. */
export const marketErrors = {
  /** Unknown or disabled instrument, unknown tick (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** Session closed, instrument disabled, or no fresh price (10015). */
  notTradable: () => fail(ErrorCode.NotTradableNow),
  /** K-line period not one of 1m 5m 15m 30m 1h 4h 1d (10017). */
  badPeriod: () => fail(ErrorCode.PeriodNotFound, { field: 'period', params: { field: 'period' } }),
  invalid: (field: string) => invalidField(field),
};
