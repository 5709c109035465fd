import { describe, expect, it } from 'vitest';
import { blackScholes, cappedRate, realisedVolatility } from './model.ts';
import { normCdf } from './normal.ts';

describe('normCdf', () => {
  // Reference values: 0.5·erfc(−x/√2) from an independent implementation (CPython's math.erfc).
  it.each([
    [0, 0.5],
    [0.1, 0.539827837277029],
    [0.5, 0.6914624612740131],
    [-0.3, 0.3820885778110474],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [2.5, 0.9937903346742238],
    [-3, 0.0013498980316300957],
    [-5, 2.866515718791946e-7],
    [6, 0.9999999990134123],
  ])('N(%d) = %d to 1e-12', (x, want) => {
    expect(Math.abs(normCdf(x) - want)).toBeLessThan(1e-12);
  });

  it('keeps relative accuracy deep in the tail and saturates far out', () => {
    expect(Math.abs(normCdf(-8.5) / 9.479534822203355e-18 - 1)).toBeLessThan(1e-7);
    expect(normCdf(-40)).toBe(0);
    expect(normCdf(40)).toBe(1);
    expect(Number.isNaN(normCdf(Number.NaN))).toBe(true);
  });
});

describe('blackScholes', () => {
  it("gives Hull's textbook example: S 42, K 40, r 10 %, σ 20 %, T 0.5 → call 4.76, put 0.81", () => {
    const base = { spot: 42, strike: 40, rate: 0.1, vol: 0.2, years: 0.5 };
    expect(blackScholes({ kind: 'call', ...base })).toBeCloseTo(4.759422392871535, 9);
    expect(blackScholes({ kind: 'put', ...base })).toBeCloseTo(0.8085993729000958, 9);
    expect(blackScholes({ kind: 'call', ...base }).toFixed(2)).toBe('4.76');
    expect(blackScholes({ kind: 'put', ...base }).toFixed(2)).toBe('0.81');
  });

  // r = 0 references computed with erfc (above) from the closed form.
  it.each([
    ['call', 1, 1, 1, 0.2, 0.07965567455405798],
    ['call', 100, 110, 0.25, 0.3, 2.5002448066930647],
    ['put', 100, 110, 0.25, 0.3, 12.500244806693075],
    ['call', 95000, 90000, 30 / 365, 0.6, 9149.6592347595],
    ['put', 3200, 3300, 1 / 365, 0.7, 113.33312437038603],
  ] as const)('%s S %d K %d T %d σ %d, r 0 → %d to 1e-6', (kind, spot, strike, years, vol, want) => {
    expect(Math.abs(blackScholes({ kind, spot, strike, years, vol }) - want)).toBeLessThan(1e-6);
  });

  it('is the (discounted) intrinsic value with no time or no volatility', () => {
    expect(blackScholes({ kind: 'call', spot: 110, strike: 100, years: 0, vol: 0.5 })).toBe(10);
    expect(blackScholes({ kind: 'put', spot: 110, strike: 100, years: 0, vol: 0.5 })).toBe(0);
    expect(blackScholes({ kind: 'put', spot: 90, strike: 100, years: 1, vol: 0 })).toBe(10);
    expect(blackScholes({ kind: 'call', spot: 90, strike: 100, years: 1, vol: 0, rate: 0.5 })).toBeCloseTo(
      90 - 100 * Math.exp(-0.5),
      12,
    );
  });

  it('refuses inputs that are not numbers or negative', () => {
    expect(() => blackScholes({ kind: 'call', spot: -1, strike: 1, years: 1, vol: 0.2 })).toThrow(RangeError);
    expect(() => blackScholes({ kind: 'call', spot: 1, strike: 1, years: Number.NaN, vol: 0.2 })).toThrow(RangeError);
    expect(() => blackScholes({ kind: 'call', spot: 1, strike: 1, years: 1, vol: Number.POSITIVE_INFINITY })).toThrow(
      RangeError,
    );
  });
});

describe('cappedRate', () => {
  it('is the call spread and the put spread as shares of the strike', () => {
    const years = 1 / 365.25;
    // C(1,1) − C(1,1.05) and P(1,1) − P(1,0.95) at σ 60 %, one day (erfc references).
    expect(cappedRate({ kind: 'call', years, vol: 0.6, capMove: 0.05 })).toBeCloseTo(0.011691746278932838, 9);
    expect(cappedRate({ kind: 'put', years, vol: 0.6, capMove: 0.05 })).toBeCloseTo(0.011867820591148055, 9);
    expect(cappedRate({ kind: 'call', years: 300 / 31_557_600, vol: 0.6, capMove: 0.05 })).toBeCloseTo(
      0.0007380230026475254,
      10,
    );
  });

  it('tends to capMove × P(in the money) ≤ capMove when the cap is tiny, and to the plain option when it is wide', () => {
    const plain = blackScholes({ kind: 'call', spot: 1, strike: 1, years: 0.01, vol: 0.5 });
    expect(cappedRate({ kind: 'call', years: 0.01, vol: 0.5, capMove: 0.999 })).toBeCloseTo(plain, 6);
    expect(cappedRate({ kind: 'call', years: 0.01, vol: 0.5, capMove: 1e-6 })).toBeLessThan(1e-6);
  });

  it('refuses a cap outside (0, 1)', () => {
    expect(() => cappedRate({ kind: 'call', years: 1, vol: 0.2, capMove: 0 })).toThrow(RangeError);
    expect(() => cappedRate({ kind: 'put', years: 1, vol: 0.2, capMove: 1 })).toThrow(RangeError);
  });
});

describe('realisedVolatility', () => {
  it('annualises the sample standard deviation of the log returns', () => {
    // Log returns +a, −a alternating: mean ≈ 0, sample variance = n·a² / (n − 1).
    const a = 0.001;
    const closes = [100];
    for (let i = 0; i < 10; i++) closes.push(closes[i]! * Math.exp(i % 2 ? -a : a));
    const n = 10;
    const mean = 0; // five up, five down
    const want = Math.sqrt(((n * (a - mean) ** 2) / (n - 1)) * 525_960);
    expect(realisedVolatility(closes, 525_960)).toBeCloseTo(want, 12);
  });

  it('matches a hand-computed series', () => {
    // Returns ln(101/100), ln(99/101), ln(102/99): mean m, sample variance Σ(r − m)² / 2, times 252.
    const r = [Math.log(1.01), Math.log(99 / 101), Math.log(102 / 99)];
    const m = (r[0]! + r[1]! + r[2]!) / 3;
    const v = ((r[0]! - m) ** 2 + (r[1]! - m) ** 2 + (r[2]! - m) ** 2) / 2;
    expect(realisedVolatility([100, 101, 99, 102], 252)).toBeCloseTo(Math.sqrt(v * 252), 14);
    expect(realisedVolatility([100, 101, 99, 102], 252)).toBeCloseTo(0.398371159, 8);
  });

  it('is zero for a flat series and null without two returns or with a non-positive price', () => {
    expect(realisedVolatility([5, 5, 5, 5], 100)).toBe(0);
    expect(realisedVolatility([5, 6], 100)).toBeNull();
    expect(realisedVolatility([5, 0, 6], 100)).toBeNull();
    expect(() => realisedVolatility([1, 2, 3], 0)).toThrow(RangeError);
  });
});
