/** Amounts as users type them and as numeric columns answer them, read one way by every module. */
import { isMoneyError, parseDecimal } from '@openbourse/money';

/** Amounts with more integer digits than this are typing mistakes, not money movements. */
const MAX_INTEGER_DIGITS = 15;

/** "120.000000000000000000" → "120" (a numeric column's text, shown as typed). */
export const trimAmount = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/**
 * A user's amount in units at the currency's scale: positive and never rounded, or null (the
 * caller answers its module's 40038).
 */
export function userAmountUnits(amount: string, scale: number): bigint | null {
  if (amount.split('.')[0]!.length > MAX_INTEGER_DIGITS) return null;
  try {
    const u = parseDecimal(amount, scale);
    return u > 0n ? u : null;
  } catch (e) {
    if (isMoneyError(e)) return null;
    throw e;
  }
}
