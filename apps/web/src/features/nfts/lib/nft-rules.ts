import type { NftItem } from '@openbourse/contracts/nfts.ts';
import { formatDecimal, isMoneyError, MAX_SCALE, parseDecimal, toScale } from '@openbourse/money';

/**
 * The auction's rules as the page applies them before anything is sent (the server checks the same:
 * 10016, 40063, 40066, 10011). Amounts stay decimal strings; comparisons are in integer units.
 */

export type BidProblem = 'format' | 'low' | 'buyNow' | 'balance';

/** `value` in units of the item's scale, or null when it is not a positive amount with at most that many decimals. */
function unitsOf(value: string, scale: number): bigint | null {
  try {
    return parseDecimal(value.trim(), scale);
  } catch (error) {
    if (isMoneyError(error)) return null;
    throw error;
  }
}

/**
 * An amount from the server at the item's scale. By the contract it has no digits beyond it; were
 * there any, it is rounded up (a minimum is never shown lower than the server's).
 */
function serverUnits(value: string, scale: number): bigint {
  const exact = unitsOf(value, scale);
  if (exact !== null) return exact;
  return toScale(parseDecimal(value.trim(), MAX_SCALE, { allowNegative: true }), MAX_SCALE, scale, 'ceiling');
}

/**
 * What is wrong with a bid, if anything: not a positive amount with at most the currency's decimals
 * (10016), below the minimum next bid (40063), at or above the buy-now price (40066), more than the
 * available balance (10011; not checked when `available` is null, e.g. while it loads).
 */
export function bidProblem(
  amount: string,
  item: Pick<NftItem, 'scale' | 'minNextBid' | 'buyNow'>,
  available: string | null,
): BidProblem | null {
  const units = unitsOf(amount, item.scale);
  if (units === null || units <= 0n) return 'format';
  if (units < serverUnits(item.minNextBid, item.scale)) return 'low';
  if (item.buyNow !== null && units >= serverUnits(item.buyNow, item.scale)) return 'buyNow';
  if (available !== null && units > serverUnits(available, item.scale)) return 'balance';
  return null;
}

/** Whether the available balance covers `price` (null while unknown: not refused). */
export function covers(available: string | null, price: string, scale: number): boolean {
  if (available === null) return true;
  return serverUnits(available, scale) >= serverUnits(price, scale);
}

/** 500 → "0.05": a step in basis points as the fraction the percent formatter takes. */
export function bpsToFraction(bps: number): string {
  return formatDecimal(BigInt(bps), 4, { trim: true });
}

/** "12.500000" → "12.5": the shortest exact form, to prefill an input. */
export function inputAmount(value: string): string {
  const v = value.trim();
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

export interface TimeLeft {
  days: number;
  /** "hh:mm:ss" */
  clock: string;
}

/** The time left until `at`, or null once it has come. */
export function timeLeft(at: number, now: number): TimeLeft | null {
  const ms = at - now;
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, clock };
}

export type Phase = 'upcoming' | 'live' | 'ending' | 'closed';

/**
 * Where the item stands on this device's clock: the server's status, except that a live auction
 * whose end has passed is shown as ending (being settled) before the next refresh says so.
 */
export function phaseOf(item: Pick<NftItem, 'status' | 'endAt' | 'startAt'>, now: number): Phase {
  if (item.status === 'upcoming') return 'upcoming';
  if (item.status === 'live') return now >= item.endAt ? 'ending' : 'live';
  if (item.status === 'ended') return 'ending';
  return 'closed';
}

/** Whether late bids moved the end past the one listed. */
export const isExtended = (item: Pick<NftItem, 'endAt' | 'originalEndAt'>) => item.endAt > item.originalEndAt;

/**
 * What a bid can draw on: the available balance, plus my own leading bid (its hold is released in
 * the same transaction as the new one is placed). Null while the balance is unknown.
 */
export function spendable(available: string | null, heldByMe: string | null, scale: number): string | null {
  if (available === null) return null;
  if (heldByMe === null) return available;
  return formatDecimal(serverUnits(available, scale) + serverUnits(heldByMe, scale), scale);
}
