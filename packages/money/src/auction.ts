/**
 * Charity NFT auctions (English auction on the model of Zora's reserve auctions): the rules stated
 * once and used by the server (what it accepts and settles) and the browser (the bid ticket). Exact:
 * amounts are integers of the currency's minor units, times epoch ms.
 *
 * - The first bid is at least the start price; each later one beats the leading bid by at least
 *   `stepBps` basis points of it (500 = 5 %), rounded UP to the minor unit, and by one unit at least.
 * - A bid is live at t when startAt ≤ t < endAt; at or after the end it is refused.
 * - A bid at t with endAt − t < extend moves the end to t + extend (anti-sniping); otherwise the end stays.
 * - At the end, a leading bid at or above the reserve sells; below it (or without a bid) nothing is sold.
 */

/** Basis points in a whole. */
export const BPS = 10_000n;

/**
 * The least the next bid may be: the start price when there is no bid yet, else the leading bid
 * plus `stepBps` of it rounded up to the minor unit (at least one unit more than the leading bid).
 */
export function minNextBid(current: bigint | null, startPrice: bigint, stepBps: number): bigint {
  if (!Number.isSafeInteger(stepBps) || stepBps < 0) throw new RangeError(`bad step ${stepBps}`);
  if (current === null) return startPrice;
  const step = (current * BigInt(stepBps) + BPS - 1n) / BPS;
  const next = current + (step > 0n ? step : 1n);
  return next > startPrice ? next : startPrice;
}

/** Whether a bid at `at` may be taken: the auction has started and not ended (startAt ≤ at < endAt). */
export function isLive(startAt: number, endAt: number, at: number): boolean {
  return startAt <= at && at < endAt;
}

/**
 * The end after a bid at `bidAt`: bidAt + extendSeconds when the bid came less than extendSeconds
 * before the end, else the end unchanged. A bid at or after the end is not live (null).
 */
export function extendedEnd(endAt: number, bidAt: number, extendSeconds: number): number | null {
  if (bidAt >= endAt) return null;
  const extendMs = extendSeconds * 1000;
  return endAt - bidAt < extendMs ? bidAt + extendMs : endAt;
}

export type AuctionPhase = 'upcoming' | 'live' | 'ended' | 'sold' | 'unsold' | 'withdrawn';

/**
 * What the public sees of an item at `at`: its recorded outcome once settled (sold, unsold,
 * withdrawn), else from the clock: upcoming before startAt, live until endAt, ended after (being settled).
 */
export function auctionStatus(item: {
  status: 'live' | 'sold' | 'unsold' | 'withdrawn';
  startAt: number;
  endAt: number;
  at: number;
}): AuctionPhase {
  if (item.status !== 'live') return item.status;
  if (item.at < item.startAt) return 'upcoming';
  if (item.at < item.endAt) return 'live';
  return 'ended';
}

/** Whether the leading bid meets the reserve. */
export function reserveMet(current: bigint | null, reserve: bigint): boolean {
  return current !== null && current >= reserve;
}

/** The outcome at the end: sold to the leader at their bid when it meets the reserve, else unsold (every hold released). */
export function settlementOutcome(current: bigint | null, reserve: bigint): 'sold' | 'unsold' {
  return reserveMet(current, reserve) ? 'sold' : 'unsold';
}

export type BidCheck = 'ok' | 'not_live' | 'below_min' | 'at_buy_now';

/**
 * A bid's verdict, in the order the server checks: live by the clock, at least the minimum next bid,
 * below the buy-now price (when there is one; at or above it the buyer uses buy now).
 */
export function checkBid(a: {
  amount: bigint;
  current: bigint | null;
  startPrice: bigint;
  stepBps: number;
  buyNow: bigint | null;
  startAt: number;
  endAt: number;
  at: number;
}): BidCheck {
  if (!isLive(a.startAt, a.endAt, a.at)) return 'not_live';
  if (a.amount < minNextBid(a.current, a.startPrice, a.stepBps)) return 'below_min';
  if (a.buyNow !== null && a.amount >= a.buyNow) return 'at_buy_now';
  return 'ok';
}
