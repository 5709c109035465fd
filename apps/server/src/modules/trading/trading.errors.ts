import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { type EngineError, isEngineError } from '@openbourse/engine';
import { invalidField, moduleErrors } from '../../http/errors.ts';

/** Every code the trading module answers (README lists them). */
export type TradingErrorCode =
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.PurchaseAmountWrong
  | typeof ErrorCode.UnreasonablePrice
  | typeof ErrorCode.OrderNotCancellable
  | typeof ErrorCode.PositionNotOpen
  | typeof ErrorCode.ClientOrderIdReused
  | typeof ErrorCode.NotTradableNow
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<TradingErrorCode>();

/** The trading module's refusals, each a catalogue code (README lists them). */
export const tradingErrors = {
  /** Unknown order, or another user's, or the other book's (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** Available USDT below margin + fee (10011, "please recharge"). */
  insufficientMargin: () => fail(ErrorCode.BalanceInsufficientRecharge, { params: { currency: 'USDT' } }),
  /** Lots off the grid, outside min..max, or a close of more than is open (10016, field lots). */
  badLots: (field = 'lots') => fail(ErrorCode.PurchaseAmountWrong, { field, params: { field } }),
  /** SL / TP / entry on the wrong side of the market (40011, the field named). */
  unreasonablePrice: (field: string) => fail(ErrorCode.UnreasonablePrice, { field, params: { field } }),
  /** chedan on an order not waiting to open (40012). */
  notCancellable: () => fail(ErrorCode.OrderNotCancellable),
  /** stopU / updateU on a position that is not open (40013). */
  notOpen: () => fail(ErrorCode.PositionNotOpen),
  /** buyU with a clientOrderId already used for a different order (40016, field clientOrderId). */
  clientOrderIdReused: () =>
    fail(ErrorCode.ClientOrderIdReused, { field: 'clientOrderId', params: { field: 'clientOrderId' } }),
  invalid: (field: string) => invalidField(field),
};

/** Maps an engine refusal to the answer the client gets; anything else is rethrown as is. */
export function fromEngine(e: unknown): unknown {
  if (!isEngineError(e)) return e;
  const err = e as EngineError;
  const field = err.field ?? 'body';
  switch (err.code) {
    case 'off_lot_grid':
    case 'lots_below_min':
    case 'lots_above_max':
    case 'invalid_quantity':
      return tradingErrors.badLots(field);
    case 'invalid_decimal':
      return field === 'lots' ? tradingErrors.badLots(field) : tradingErrors.invalid(field);
    case 'invalid_leverage':
      return tradingErrors.invalid('leverage');
    case 'unreasonable_price':
      return tradingErrors.unreasonablePrice(field);
    case 'insufficient_margin':
      return tradingErrors.insufficientMargin();
    case 'off_tick_grid':
    case 'invalid_quote':
      return tradingErrors.invalid(field);
    case 'invalid_spec':
    case 'invalid_level':
    case 'duplicate_id':
    case 'invalid_id':
      // Configuration or programming errors: not the user's fault.
      return e;
    default: {
      const never: never = err.code;
      return never;
    }
  }
}

/** Runs `fn`, answering engine refusals as catalogue codes. */
export function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw fromEngine(e);
  }
}
