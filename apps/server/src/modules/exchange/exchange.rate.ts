/**
 * The exchange's arithmetic, pure and exact (bigint units, no floats): the rate from two USDT
 * prices less the spread, and what an amount receives at it. Every rounding is down, so it never
 * favours the user silently; the rate shown is the rate applied (receive = amount × rate, floored).
 */
import { pow10 } from '@openbourse/money';

/** Decimals of the rate (and of the prices it is computed from). */
export const RATE_SCALE = 18;
const BPS = 10_000n;

/**
 * Units of `to` per unit of `from` at RATE_SCALE: fromPrice / toPrice × (1 − spreadBps / 10000),
 * rounded down. Prices are units at RATE_SCALE, both positive; spreadBps in [0, 10000).
 */
export function exchangeRateUnits(fromPriceUnits: bigint, toPriceUnits: bigint, spreadBps: number): bigint {
  if (fromPriceUnits <= 0n || toPriceUnits <= 0n) throw new RangeError('exchange: prices must be positive');
  if (!Number.isSafeInteger(spreadBps) || spreadBps < 0 || spreadBps >= 10_000) {
    throw new RangeError(`exchange: bad spread ${spreadBps}`);
  }
  return (fromPriceUnits * (BPS - BigInt(spreadBps)) * pow10(RATE_SCALE)) / (toPriceUnits * BPS);
}

/** What `amountUnits` of `from` (at fromScale) receives at `rateUnits`, in units of `to` (at toScale), rounded down. */
export function receiveUnits(amountUnits: bigint, fromScale: number, rateUnits: bigint, toScale: number): bigint {
  // toScale ≤ 18 = RATE_SCALE, so the divisor's exponent is never negative.
  return (amountUnits * rateUnits) / pow10(fromScale + RATE_SCALE - toScale);
}
