import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the spot module answers (its README lists them). */
export type SpotErrorCode =
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.NotTradableNow
  | typeof ErrorCode.PurchaseAmountWrong
  | typeof ErrorCode.InvalidField
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.ClientOrderIdReused
  | typeof ErrorCode.SpotOrderNotOpen
  | typeof ErrorCode.SpotPostOnlyWouldCross
  | typeof ErrorCode.SpotFokCannotFill
  | typeof ErrorCode.SpotNoLiquidity
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<SpotErrorCode>();

/** The spot exchange's refusals, each a catalogue code. */
export const spotErrors = {
  /** Unknown pair, or an order that is not this user's in this account (80005). */
  notFound: (field: 'pairId' | 'id') => fail(ErrorCode.NoRecord, { field }),
  /** The pair is disabled, or its book has no owner right now (10015). */
  notTradable: () => fail(ErrorCode.NotTradableNow, { field: 'pairId' }),
  /** Quantity malformed, off the lot grid or outside the pair's range (10016). */
  quantityWrong: () => fail(ErrorCode.PurchaseAmountWrong, { field: 'quantity' }),
  /** Price missing (limit), malformed or off the tick grid (40001). */
  priceWrong: () => fail(ErrorCode.InvalidField, { field: 'price' }),
  /** More than the available balance of the currency the order holds (10011). */
  insufficient: () => fail(ErrorCode.BalanceInsufficientRecharge, { field: 'quantity' }),
  /** The clientOrderId names another order (40016). */
  clientOrderIdReused: () => fail(ErrorCode.ClientOrderIdReused, { field: 'clientOrderId' }),
  /** Cancel of an order already filled or cancelled (40050). */
  notOpen: () => fail(ErrorCode.SpotOrderNotOpen, { field: 'id' }),
  postOnlyWouldCross: () => fail(ErrorCode.SpotPostOnlyWouldCross, { field: 'timeInForce' }),
  fokCannotFill: () => fail(ErrorCode.SpotFokCannotFill, { field: 'timeInForce' }),
  noLiquidity: () => fail(ErrorCode.SpotNoLiquidity, { field: 'type' }),
  /** More of one user's commands waiting for a book than MAX_QUEUED_PER_USER (42900, HTTP 429). */
  tooMany: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
};
