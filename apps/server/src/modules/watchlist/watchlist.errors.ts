import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { invalidField, moduleErrors } from '../../http/errors.ts';

/** Every code the watchlist module answers (its README lists them). */
export type WatchlistErrorCode =
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.NotTradableNow
  | typeof ErrorCode.FavouritesFull
  | typeof ErrorCode.AlertsFull
  | typeof ErrorCode.AlertAlreadyReached
  | typeof ErrorCode.AlertPriceDecimals
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<WatchlistErrorCode>();

/** The watchlist's refusals, each a catalogue code. */
export const watchlistErrors = {
  /** Unknown or disabled instrument, or no such alert of the user's (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** No recorded price for the instrument yet: an alert cannot be checked against it (10015). */
  noPrice: () => fail(ErrorCode.NotTradableNow),
  /** The favourites cap is reached (40029). */
  favouritesFull: (max: number) => fail(ErrorCode.FavouritesFull, { params: { max } }),
  /** The cap of waiting alerts is reached (40030). */
  alertsFull: (max: number) => fail(ErrorCode.AlertsFull, { params: { max } }),
  /** The price has already reached the target (40031, field price; params: the last price). */
  alreadyReached: (price: string) => fail(ErrorCode.AlertAlreadyReached, { field: 'price', params: { price } }),
  /** More decimals than the instrument's prices have (40032, field price). */
  tooManyDecimals: (decimals: number) => fail(ErrorCode.AlertPriceDecimals, { field: 'price', params: { decimals } }),
  invalid: (field: string) => invalidField(field),
};
