import type { SmartProduct, TreasuryFigure } from '@openbourse/contracts/earn.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { type PlanTerms, planTerms } from '@openbourse/money';
import { errorText } from '@/shared/i18n/i18n';
import { compareDecimal } from '@/shared/lib/decimal';

const AMOUNT = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountProblem = 'empty' | 'format' | 'range';

/**
 * What is wrong with a typed principal for a product, as the server would see it: empty (40037),
 * not a plain decimal or more decimals than the currency has, or outside the range (both 10013).
 */
export function amountProblem(amount: string, product: SmartProduct): AmountProblem | undefined {
  const v = amount.trim();
  if (v === '') return 'empty';
  if (!AMOUNT.test(v) || (v.split('.')[1]?.length ?? 0) > product.scale) return 'format';
  if (compareDecimal(v, product.minAmount) < 0 || compareDecimal(v, product.maxAmount) > 0) return 'range';
  return undefined;
}

export function amountErrorText(problem: Exclude<AmountProblem, 'range'>): string {
  return problem === 'empty' ? errorText(ErrorCode.AmountRequired) : errorText(ErrorCode.InvestmentAmountWrong);
}

/**
 * A plan's figures before buying, by the one function the server uses (@openbourse/money
 * `planTerms`), as if bought at `startedAt`. Null while the amount or the term is not one the
 * product offers.
 */
export function quote(product: SmartProduct, amount: string, days: number, startedAt: number): PlanTerms | null {
  const term = product.terms.find((t) => t.days === days);
  if (!term || amountProblem(amount, product)) return null;
  return planTerms({
    principal: amount.trim(),
    scale: product.scale,
    dailyYield: term.dailyYield,
    days,
    exitPenalty: product.exitPenalty,
    startedAt,
  });
}

/**
 * Whether the treasury's free figure in the plan's currency cannot back the plan's whole yield (the
 * server would answer 40059). A currency the treasury does not list has nothing free.
 */
export function treasuryShort(treasury: readonly TreasuryFigure[], currency: string, totalIncome: string): boolean {
  const available = treasury.find((f) => f.currency === currency)?.available ?? '0';
  return compareDecimal(totalIncome, available) > 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The time left until `at`, split for display: whole days and "hh:mm:ss"; null once it has come. */
export function timeLeft(at: number, now: number): { days: number; clock: string } | null {
  const ms = at - now;
  if (ms <= 0) return null;
  const seconds = Math.ceil(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
