import type { OptionDirection } from '@openbourse/contracts/options.ts';
import { compareDecimal, isDecimal, toUnits } from '@/shared/lib/decimal';

/** Exact decimal arithmetic for what the ticket shows beside the server's figures (never floats). */

const fractionDigits = (v: string) => {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
};

function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/**
 * The price beyond which the payout stops growing: price × (1 + capMove) for a call,
 * price × (1 − capMove) for a put, exact (the product's digits are all kept).
 */
export function capPriceOf(price: string, capMove: string, direction: OptionDirection): string {
  const ps = fractionDigits(price.trim());
  const cs = fractionDigits(capMove.trim());
  const one = 10n ** BigInt(cs);
  const cap = toUnits(capMove, cs);
  const factor = direction === 'call' ? one + cap : one - cap;
  return fromUnits(toUnits(price, ps) * factor, ps + cs);
}

export type AmountProblem = 'amount' | 'amountRange' | 'amountScale';

/** What is wrong with a premium typed into the ticket, if anything (the server says 10016 for the same). */
export function amountProblem(
  amount: string,
  series: { minAmount: string; maxAmount: string; scale: number },
): AmountProblem | null {
  const v = amount.trim();
  if (!isDecimal(v) || v.startsWith('-') || !/^(0|[1-9]\d*)(\.\d+)?$/.test(v)) return 'amount';
  if (compareDecimal(v, series.minAmount) < 0 || compareDecimal(v, series.maxAmount) > 0) return 'amountRange';
  if (fractionDigits(v) > series.scale) return 'amountScale';
  return null;
}
