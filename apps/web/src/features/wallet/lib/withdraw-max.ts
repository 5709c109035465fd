import { toUnits } from '@/shared/lib/decimal';

/** The server reads a fee rate at 18 decimals (wallet.withdrawals.ts feeOf). */
const RATE_SCALE = 18;

/** Units of `scale` decimals as a decimal string, without trailing zeros: 1500000n, 6 → "1.5". */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** The fee the server charges on `amount`: the rate's share, rounded up to the currency's smallest unit. */
export function feeUnits(amountUnits: bigint, feeRate: string): bigint {
  const rate = toUnits(feeRate, RATE_SCALE);
  const denominator = 10n ** BigInt(RATE_SCALE);
  const product = amountUnits * rate;
  return (product + denominator - 1n) / denominator;
}

/**
 * The most that can be asked for: the largest amount `a` (at the currency's scale) whose
 * `a + fee(a)` the available balance covers, and no more than what is left of today's limit.
 *
 * With the fee rounded up, `a + ceil(a·r/D) ≤ A` ⇔ `a·r ≤ (A − a)·D` ⇔ `a ≤ A·D / (D + r)`, so the
 * floor of that quotient is exact — no trial and error, and no floats.
 */
export function maxWithdrawal(
  terms: { available: string; feeRate: string; dailyLimit: string; usedToday: string },
  scale: number,
): string {
  const available = toUnits(terms.available, scale);
  const rate = toUnits(terms.feeRate, RATE_SCALE);
  const denominator = 10n ** BigInt(RATE_SCALE);
  const byBalance = available > 0n ? (available * denominator) / (denominator + rate) : 0n;
  const left = toUnits(terms.dailyLimit, scale) - toUnits(terms.usedToday, scale);
  const most = byBalance < left ? byBalance : left;
  return fromUnits(most > 0n ? most : 0n, scale);
}

/** What is left of today's limit, never below zero. */
export function limitLeft(terms: { dailyLimit: string; usedToday: string }, scale: number): string {
  const left = toUnits(terms.dailyLimit, scale) - toUnits(terms.usedToday, scale);
  return fromUnits(left > 0n ? left : 0n, scale);
}
