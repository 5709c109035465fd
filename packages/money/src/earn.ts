import { formatDecimal, parseDecimal } from './decimal.ts';
import { DAY_MS, RATE_SCALE } from './loan.ts';

/**
 * A smart plan's figures, computed the same way by the server (what it pays each day and returns)
 * and the browser (the calculator, before the user confirms). Exact: amounts are integers of the
 * currency's minor units, shares decimals with up to RATE_SCALE (8) places.
 *
 * The rule, stated once: the yield is simple, on the principal only. Day k of a plan ends at
 * startedAt + k × 24 h, for k = 1 … days; at the end of each day the plan is paid the same
 * `dailyIncome` = principal × dailyYield rounded down to the currency's minor unit (a plan never pays
 * more than its stated share). At the end of the last day the principal is returned with that day's
 * yield ("profit shared"). An early exit keeps `exitCost` = principal × exitPenalty rounded down and
 * returns the rest; the yields already paid are kept by the user, the ones not yet due are not paid.
 */

export interface PlanTermsInput {
  /** Decimal string in the currency (e.g. "1000.00"). */
  principal: string;
  /** Decimals of the currency's amounts. */
  scale: number;
  /** Share of the principal paid per day, a decimal string (e.g. "0.008"). */
  dailyYield: string;
  days: number;
  /** Share of the principal kept on early exit (e.g. "0.05"). */
  exitPenalty: string;
  /** Epoch ms the plan starts (or would start). */
  startedAt: number;
}

export interface PlanTerms {
  principal: string;
  dailyYield: string;
  days: number;
  dailyIncome: string;
  /** dailyIncome × days. */
  totalIncome: string;
  /** Principal and every day's yield: what a plan held to maturity brings back. */
  totalReturn: string;
  exitPenalty: string;
  exitCost: string;
  exitReturn: string;
  /** Epoch ms of the last payout and the principal's return. */
  maturesAt: number;
}

/** principal × share rounded down, in minor units (both non-negative). */
export function shareUnits(principalUnits: bigint, share: string): bigint {
  const s = parseDecimal(share, RATE_SCALE);
  return (principalUnits * s) / 10n ** BigInt(RATE_SCALE);
}

/** Whole days of a plan ended by `at`, at most `days`. */
export function planDaysEnded(startedAt: number, days: number, at: number): number {
  if (at <= startedAt) return 0;
  return Math.min(days, Math.floor((at - startedAt) / DAY_MS));
}

/** Epoch ms at which day k (1-based) is paid. */
export function planPayoutAt(startedAt: number, k: number): number {
  return startedAt + k * DAY_MS;
}

export function planTerms(input: PlanTermsInput): PlanTerms {
  const { scale, days, startedAt, dailyYield, exitPenalty } = input;
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  const principal = parseDecimal(input.principal, scale);
  const daily = shareUnits(principal, dailyYield);
  const total = daily * BigInt(days);
  const cost = shareUnits(principal, exitPenalty);
  const f = (u: bigint) => formatDecimal(u, scale);
  return {
    principal: f(principal),
    dailyYield,
    days,
    dailyIncome: f(daily),
    totalIncome: f(total),
    totalReturn: f(principal + total),
    exitPenalty,
    exitCost: f(cost),
    exitReturn: f(principal - cost),
    maturesAt: planPayoutAt(startedAt, days),
  };
}
