import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes, cappedRate } from './model.ts';
import { normCdf } from './normal.ts';
import { chargedRate, maxPayout, optionPayout, optionQuantity, stateModelValue } from './terms.ts';

/** A deliberately naive N(x): composite Simpson's rule over the density from 0 to |x|. */
function naiveNormCdf(x: number): number {
  const a = Math.abs(x);
  const n = 20_000;
  const h = a / n;
  const f = (t: number) => Math.exp(-0.5 * t * t) / Math.sqrt(2 * Math.PI);
  let s = f(0) + f(a);
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(i * h);
  const half = (s * h) / 3;
  return x >= 0 ? 0.5 + half : 0.5 - half;
}

const price = fc.double({ min: 0.01, max: 100_000, noNaN: true });
const vol = fc.double({ min: 0.01, max: 3, noNaN: true });
const years = fc.double({ min: 1 / 525_960, max: 2, noNaN: true });
const rate = fc.double({ min: 0, max: 0.2, noNaN: true });
const cap = fc.double({ min: 0.001, max: 0.9, noNaN: true });

describe('options model properties', () => {
  it('normCdf agrees with a numerical integral of the density to 1e-9', () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => {
        expect(Math.abs(normCdf(x) - naiveNormCdf(x))).toBeLessThan(1e-9);
        expect(Math.abs(normCdf(x) + normCdf(-x) - 1)).toBeLessThan(1e-15);
      }),
      { numRuns: 200 },
    );
  });

  it('holds put–call parity: C − P = S − K·e^(−rT)', () => {
    fc.assert(
      fc.property(price, price, years, vol, rate, (spot, strike, t, v, r) => {
        const c = blackScholes({ kind: 'call', spot, strike, years: t, vol: v, rate: r });
        const p = blackScholes({ kind: 'put', spot, strike, years: t, vol: v, rate: r });
        const parity = spot - strike * Math.exp(-r * t);
        // Both legs are clamped at zero only where one is below float noise.
        expect(Math.abs(c - p - parity)).toBeLessThan(1e-9 * Math.max(spot, strike));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the capped rate within [0, capMove]', () => {
    fc.assert(
      fc.property(fc.constantFrom('call' as const, 'put' as const), years, vol, cap, (kind, t, v, c) => {
        const x = cappedRate({ kind, years: t, vol: v, capMove: c });
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  // The value depends on σ and T only through s = σ√T, and dV/ds = vega(1) − vega(1 ± c): for a put
  // always positive, for a call while s² < ln(1 + c) (the cap beyond the typical move; beyond that a
  // higher σ mostly lowers the chance of ending above the strike, and the capped call is worth less).
  it('increases with volatility and time: puts always, calls while σ²T < ln(1 + capMove)', () => {
    fc.assert(
      fc.property(fc.constantFrom('call' as const, 'put' as const), years, vol, vol, cap, (kind, t, v1, v2, c) => {
        const lo = Math.min(v1, v2);
        const hi = Math.max(v1, v2);
        fc.pre(kind === 'put' || hi * hi * t * 2 < Math.log(1 + c));
        const a = cappedRate({ kind, years: t, vol: lo, capMove: c });
        expect(cappedRate({ kind, years: t, vol: hi, capMove: c })).toBeGreaterThanOrEqual(a - 1e-12);
        expect(cappedRate({ kind, years: t * 2, vol: lo, capMove: c })).toBeGreaterThanOrEqual(a - 1e-12);
      }),
      { numRuns: 300 },
    );
    // Outside that region the capped call does fall as σ rises (a narrow cap, a wide distribution).
    const narrow = (v: number) => cappedRate({ kind: 'call', years: 0.03, vol: v, capMove: 0.001 });
    expect(narrow(3)).toBeLessThan(narrow(1));
    expect(narrow(1)).toBeLessThan(narrow(0.18));
  });

  it('never pays more than the stated maximum payout, whatever the settlement price', () => {
    const decimal = (min: number, max: number, dp: number) =>
      fc
        .integer({ min: Math.round(min * 10 ** dp), max: Math.round(max * 10 ** dp) })
        .map((u) => (u / 10 ** dp).toFixed(dp));
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        decimal(10, 5000, 2),
        decimal(0.5, 99_999, 2),
        decimal(0.01, 200_000, 2),
        fc.constantFrom('0.01', '0.02', '0.05', '0.1', '0.5'),
        fc.double({ min: 1e-6, max: 0.2, noNaN: true }),
        fc.integer({ min: 0, max: 5000 }),
        (kind, amount, strike, settle, capMove, model, spreadBps) => {
          const r = chargedRate(stateModelValue(model, 10), spreadBps);
          fc.pre(r !== '0.00000000');
          const quantity = optionQuantity(amount, strike, r);
          const most = maxPayout(amount, capMove, r, 6);
          const paid = optionPayout({ kind, quantity, strike, settle, capMove, scale: 6 });
          const units = (s: string) => BigInt(s.replace('.', ''));
          expect(units(paid)).toBeGreaterThanOrEqual(0n);
          expect(units(paid)).toBeLessThanOrEqual(units(most));
          // The rate charged is never below the model's (rounded up, spread non-negative).
          expect(Number(r)).toBeGreaterThanOrEqual(Number(stateModelValue(model, 10)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
