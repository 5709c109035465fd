import { formatDecimal, parseDecimal } from './decimal.ts';

/**
 * A loan's terms, computed the same way by the server (what it pays, accrues and asks back) and the
 * browser (what the user reads before signing). Exact: amounts are integers of the currency's minor
 * units, the daily rate a decimal with up to RATE_SCALE places.
 *
 * The rule, stated once: interest is simple, on the principal only. Each day is 24 hours from the
 * moment the principal was paid (`drawnAt`); day k ends at drawnAt + k days. Days 1 … freeDays
 * carry no interest; every later day — up to maturity and, for an overdue loan, after it — accrues
 * the same `dailyInterest` = principal × dailyRate rounded half up to the currency's minor unit,
 * rounded once per day. The loan is due at maturity (drawnAt + termDays days), with the interest of
 * max(0, termDays − freeDays) days. Repaid early, it costs the principal and the days ended so far.
 */

export const RATE_SCALE = 8;
export const DAY_MS = 86_400_000;

export interface LoanTermsInput {
  /** Decimal string in the currency (e.g. "1000.00"). */
  principal: string;
  /** Decimals of the currency's amounts. */
  scale: number;
  /** Share of the principal per day, a decimal string (e.g. "0.0005" for 0.05 %). */
  dailyRate: string;
  termDays: number;
  freeDays: number;
  /** Epoch ms the principal is (or would be) paid. */
  drawnAt: number;
}

export interface LoanTerms {
  principal: string;
  dailyRate: string;
  termDays: number;
  freeDays: number;
  /** What each day after the interest-free ones accrues. */
  dailyInterest: string;
  /** Days that carry interest up to maturity. */
  interestDays: number;
  totalInterest: string;
  /** Epoch ms of maturity: when principal and interest are due. */
  repaymentDate: number;
  /** The principal repaid at maturity. */
  repaymentAmount: string;
  /** Principal and interest due at maturity. */
  totalRepayment: string;
}

/** principal × rate rounded half up, in minor units. */
export function dailyInterestUnits(principalUnits: bigint, dailyRate: string): bigint {
  const rate = parseDecimal(dailyRate, RATE_SCALE);
  const d = 10n ** BigInt(RATE_SCALE);
  // Both factors are non-negative: half up is (n + d/2) div d.
  return (principalUnits * rate + d / 2n) / d;
}

/** Whole days ended between drawnAt and at (0 before the first has ended). */
export function daysElapsed(drawnAt: number, at: number): number {
  return at <= drawnAt ? 0 : Math.floor((at - drawnAt) / DAY_MS);
}

/** Days that have accrued interest once `days` days have ended (overdue days included). */
export function interestDaysAfter(days: number, freeDays: number): number {
  return Math.max(0, days - freeDays);
}

/** Interest owed, in minor units, once `days` days have ended. */
export function interestUnitsAfter(principalUnits: bigint, dailyRate: string, freeDays: number, days: number): bigint {
  return dailyInterestUnits(principalUnits, dailyRate) * BigInt(interestDaysAfter(days, freeDays));
}

export function loanTerms(input: LoanTermsInput): LoanTerms {
  const { scale, termDays, freeDays, drawnAt, dailyRate } = input;
  if (!Number.isInteger(termDays) || termDays < 1) throw new RangeError('termDays must be a positive integer');
  if (!Number.isInteger(freeDays) || freeDays < 0) throw new RangeError('freeDays must be a non-negative integer');
  const principal = parseDecimal(input.principal, scale);
  const daily = dailyInterestUnits(principal, dailyRate);
  const interestDays = interestDaysAfter(termDays, freeDays);
  const interest = daily * BigInt(interestDays);
  const fmt = (u: bigint) => formatDecimal(u, scale);
  return {
    principal: fmt(principal),
    dailyRate,
    termDays,
    freeDays,
    dailyInterest: fmt(daily),
    interestDays,
    totalInterest: fmt(interest),
    repaymentDate: drawnAt + termDays * DAY_MS,
    repaymentAmount: fmt(principal),
    totalRepayment: fmt(principal + interest),
  };
}
