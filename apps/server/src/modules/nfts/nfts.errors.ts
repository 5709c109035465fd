import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the nfts module answers (its README lists them). */
export type NftsErrorCode =
  | typeof ErrorCode.DemoNotAllowed
  | typeof ErrorCode.PurchaseAmountWrong
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.NftBidTooLow
  | typeof ErrorCode.NftNotLive
  | typeof ErrorCode.NftOwnItem
  | typeof ErrorCode.NftBidAtBuyNow
  | typeof ErrorCode.NftNoBuyNow
  | typeof ErrorCode.NftFrozen
  | typeof ErrorCode.NotFound
  | typeof ErrorCode.TooManyRequests
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<NftsErrorCode>();

/** The charity auctions' refusals, each a catalogue code. */
export const nftsErrors = {
  /** Bids are real money: the demo account cannot bid or buy (40010). */
  realOnly: () => fail(ErrorCode.DemoNotAllowed),
  /** A malformed or non-positive amount, more decimals than the currency, or a buy-now price not the item's (10016). */
  amountWrong: (field = 'amount') => fail(ErrorCode.PurchaseAmountWrong, { field }),
  /** The real available balance does not cover the bid or the price (10011). */
  balanceInsufficient: () => fail(ErrorCode.BalanceInsufficientRecharge),
  /** Below the minimum next bid (40063), which the message names. */
  bidTooLow: (min: string) => fail(ErrorCode.NftBidTooLow, { field: 'amount', params: { min } }),
  /** Not taking bids: not started, ended, settled or withdrawn (40064). */
  notLive: () => fail(ErrorCode.NftNotLive),
  /** The seller's own item (40065). */
  ownItem: () => fail(ErrorCode.NftOwnItem),
  /** At or above the buy-now price: use buy now (40066). */
  atBuyNow: () => fail(ErrorCode.NftBidAtBuyNow, { field: 'amount' }),
  /** Buy now on an item without a buy-now price (40067). */
  noBuyNow: () => fail(ErrorCode.NftNoBuyNow),
  /** (admin) A frozen field changed, or a withdrawal, after the first bid (40068). */
  frozen: () => fail(ErrorCode.NftFrozen),
  /** No such item, collection or charity (40400). */
  notFound: () => fail(ErrorCode.NotFound),
  /** Too many bids in a minute (42900). */
  tooMany: () => fail(ErrorCode.TooManyRequests),
  /** (admin) A field that does not hold (40001, the field named). */
  invalid: (field: string) => fail(ErrorCode.InvalidField, { field, params: { field } }),
};
