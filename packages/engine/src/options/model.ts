/**
 * The options model (DESIGN §4 "Options"; the rules are stated in packages/contracts/src/options.ts):
 * Black–Scholes values of European calls and puts, the value of the platform's *capped* option as a
 * share of its strike, and the volatility measured from a price series. Floats live only here, as
 * model values; every amount of money is computed exactly in `terms.ts` from the stated figures.
 */
import { normCdf } from './normal.ts';

export type OptionKind = 'call' | 'put';

export interface BlackScholesInput {
  kind: OptionKind;
  spot: number;
  strike: number;
  /** Time to expiry in years (of the same time base as `vol`). */
  years: number;
  /** Annualised volatility σ (0.6 = 60 %). */
  vol: number;
  /** Continuously compounded risk-free rate; the platform prices with 0. */
  rate?: number;
}

function assertFinite(name: string, v: number, min: number): void {
  if (!Number.isFinite(v) || v < min) throw new RangeError(`blackScholes: ${name} must be a finite number ≥ ${min}`);
}

/**
 * The Black–Scholes value of a European option: C = S·N(d1) − K·e^(−rT)·N(d2),
 * P = K·e^(−rT)·N(−d2) − S·N(−d1), d1 = (ln(S/K) + (r + σ²/2)T) / (σ√T), d2 = d1 − σ√T. With no time
 * or no volatility left it is the discounted intrinsic value. A strike of 0 makes the call worth S.
 */
export function blackScholes(input: BlackScholesInput): number {
  const { kind, spot: s, strike: k, years: t, vol } = input;
  const r = input.rate ?? 0;
  assertFinite('spot', s, 0);
  assertFinite('strike', k, 0);
  assertFinite('years', t, 0);
  assertFinite('vol', vol, 0);
  if (!Number.isFinite(r)) throw new RangeError('blackScholes: rate must be finite');
  const discounted = k * Math.exp(-r * t);
  const sd = vol * Math.sqrt(t);
  if (sd === 0 || k === 0 || s === 0) {
    return kind === 'call' ? Math.max(s - discounted, 0) : Math.max(discounted - s, 0);
  }
  const d1 = (Math.log(s / k) + (r + 0.5 * vol * vol) * t) / sd;
  const d2 = d1 - sd;
  const value =
    kind === 'call' ? s * normCdf(d1) - discounted * normCdf(d2) : discounted * normCdf(-d2) - s * normCdf(-d1);
  // Rounding in the last bits can take a deep out-of-the-money value a hair below zero.
  return Math.max(value, 0);
}

export interface CappedRateInput {
  kind: OptionKind;
  years: number;
  vol: number;
  /** The payout per unit is capped at this share of the strike (0 < capMove < 1). */
  capMove: number;
}

/**
 * The value (r = 0) of an at-the-money option whose payout per unit is min(intrinsic, capMove × K),
 * as a share of the strike: a call spread C(1, 1) − C(1, 1 + c), a put spread P(1, 1) − P(1, 1 − c).
 * Always within [0, capMove]. It depends on σ and T through σ√T only and grows with it for a put,
 * and for a call while σ²T < ln(1 + c) (with c = 5 % up to σ = 3 over a day);
 * beyond that a wider distribution mostly lowers the call's chance of ending above the strike.
 */
export function cappedRate({ kind, years, vol, capMove }: CappedRateInput): number {
  if (!Number.isFinite(capMove) || capMove <= 0 || capMove >= 1) {
    throw new RangeError('cappedRate: capMove must be in (0, 1)');
  }
  const base = { kind, spot: 1, years, vol } as const;
  const value =
    blackScholes({ ...base, strike: 1 }) -
    blackScholes({ ...base, strike: kind === 'call' ? 1 + capMove : 1 - capMove });
  return Math.min(Math.max(value, 0), capMove);
}

/**
 * Annualised realised volatility of a price series: the sample standard deviation (n − 1) of the
 * log returns ln(pᵢ / pᵢ₋₁), times √periodsPerYear (e.g. 525,960 one-minute periods in a year of
 * 24/7 trading). Null with fewer than two returns or a price that is not positive.
 */
export function realisedVolatility(closes: readonly number[], periodsPerYear: number): number | null {
  if (!Number.isFinite(periodsPerYear) || periodsPerYear <= 0) {
    throw new RangeError('realisedVolatility: periodsPerYear must be positive');
  }
  if (closes.length < 3) return null;
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (!(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) return null;
    returns.push(Math.log(b / a));
  }
  const mean = returns.reduce((s, x) => s + x, 0) / returns.length;
  const variance = returns.reduce((s, x) => s + (x - mean) * (x - mean), 0) / (returns.length - 1);
  return Math.sqrt(variance * periodsPerYear);
}
