import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError, invalidField } from '../../http/errors.ts';

/** This module's failures and the catalogue codes they answer. */
export const marketErrors = {
  /** Unknown or disabled instrument, unknown tick (80005). */
  noRecord: () => new AppError(ErrorCode.NoRecord),
  /** Session closed, instrument disabled, or no fresh price (10015). */
  notTradable: () => new AppError(ErrorCode.NotTradableNow),
  /** K-line period not one of 1m 5m 15m 30m 1h 4h 1d (10017). */
  badPeriod: () => new AppError(ErrorCode.PeriodNotFound, { field: 'period', params: { field: 'period' } }),
  invalid: (field: string) => invalidField(field),
};
