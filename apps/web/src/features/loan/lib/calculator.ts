import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import { type LoanTerms, loanTerms } from '@openbourse/money';
import { errorText } from '@/shared/i18n/i18n';
import { compareDecimal } from '@/shared/lib/decimal';

const AMOUNT = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountProblem = 'empty' | 'format' | 'range';

/**
 * What is wrong with a typed principal for a product, as the server would see it: empty (40037),
 * not a plain decimal or more decimals than the currency has (40038), outside the range (80002).
 */
export function amountProblem(amount: string, product: LoanProduct): AmountProblem | undefined {
  const v = amount.trim();
  if (v === '') return 'empty';
  if (!AMOUNT.test(v) || (v.split('.')[1]?.length ?? 0) > product.scale) return 'format';
  if (compareDecimal(v, product.minAmount) < 0 || compareDecimal(v, product.maxAmount) > 0) return 'range';
  return undefined;
}

export function amountErrorText(problem: AmountProblem): string {
  if (problem === 'empty') return errorText(ErrorCode.AmountRequired);
  if (problem === 'format') return errorText(ErrorCode.AmountWrong);
  return errorText(ErrorCode.LoanAmountExceeded);
}

/**
 * The loan's figures before signing, by the one function the server uses (@openbourse/money
 * `loanTerms`), as if the principal were paid at `drawnAt` (the dates count from approval).
 * Null while the amount or the term is not one the product offers.
 */
export function quote(product: LoanProduct, amount: string, termDays: number, drawnAt: number): LoanTerms | null {
  if (amountProblem(amount, product) || !product.termDays.includes(termDays)) return null;
  return loanTerms({
    principal: amount.trim(),
    scale: product.scale,
    dailyRate: product.dailyRate,
    termDays,
    freeDays: product.freeDays,
    drawnAt,
  });
}

/** Whether a loan of this amount needs a verified identity ("0": every loan of the product). */
export function needsKyc(product: LoanProduct, amount: string): boolean {
  const v = amount.trim();
  if (compareDecimal(product.kycFrom, '0') <= 0) return true;
  return AMOUNT.test(v) && compareDecimal(v, product.kycFrom) >= 0;
}
