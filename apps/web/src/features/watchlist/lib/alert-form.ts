import type { AlertCondition } from '@openbourse/contracts/watchlist.ts';
import { compareDecimal } from '@/shared/lib/decimal';

/** A target as typed: digits with an optional fraction (no sign, exponent or separators). */
const PLAIN = /^\d+(\.\d+)?$/;

export type TargetError =
  | { key: 'required' | 'number' | 'positive' | 'reachedAbove' | 'reachedBelow' }
  | { key: 'decimals'; decimals: number };

/**
 * What is wrong with a target before it is sent (the server checks the same and answers with the
 * catalogue's codes): empty, not a plain decimal, zero, more decimals than the instrument's prices,
 * or a level the price `last` has already reached in the alert's direction (equal included).
 */
export function targetError(
  raw: string,
  condition: AlertCondition,
  last: string | undefined,
  priceDecimals: number,
): TargetError | null {
  const value = raw.trim();
  if (!value) return { key: 'required' };
  if (!PLAIN.test(value) || value.length > 34) return { key: 'number' };
  if (!/[1-9]/.test(value)) return { key: 'positive' };
  const fraction = value.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > priceDecimals) return { key: 'decimals', decimals: priceDecimals };
  if (last) {
    const cmp = compareDecimal(value, last);
    if (condition === 'above' && cmp <= 0) return { key: 'reachedAbove' };
    if (condition === 'below' && cmp >= 0) return { key: 'reachedBelow' };
  }
  return null;
}

/** The direction a target lies in from the price: above it, below it, or neither (equal, unreadable). */
export function directionOf(raw: string, last: string | undefined): AlertCondition | null {
  const value = raw.trim();
  if (!last || !PLAIN.test(value) || value.length > 34) return null;
  const cmp = compareDecimal(value, last);
  return cmp > 0 ? 'above' : cmp < 0 ? 'below' : null;
}
