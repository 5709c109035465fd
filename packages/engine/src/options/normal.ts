/**
 * The standard normal distribution, as option pricing needs it. Floats are fine here: these are
 * model values (probabilities), never amounts of money.
 */

const SQRT_2PI = 2.506628274631;

/** The standard normal density φ(x). */
export function normPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/**
 * The standard normal cumulative distribution N(x), Hart's double-precision algorithm 5666 (1968)
 * as G. West gives it ("Better approximations to cumulative normal functions", 2005): a rational
 * approximation of the tail up to |x| = 7.07 and a continued fraction beyond, absolute error below
 * 1e-14 over the whole line (the tests check it against an independent numerical integral).
 */
export function normCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const a = Math.abs(x);
  let tail: number;
  if (a > 37) {
    tail = 0;
  } else {
    const e = Math.exp(-0.5 * a * a);
    if (a < 7.07106781186547) {
      let num = 3.52624965998911e-2 * a + 0.700383064443688;
      num = num * a + 6.37396220353165;
      num = num * a + 33.912866078383;
      num = num * a + 112.079291497871;
      num = num * a + 221.213596169931;
      num = num * a + 220.206867912376;
      let den = 8.83883476483184e-2 * a + 1.75566716318264;
      den = den * a + 16.064177579207;
      den = den * a + 86.7807322029461;
      den = den * a + 296.564248779674;
      den = den * a + 637.333633378831;
      den = den * a + 793.826512519948;
      den = den * a + 440.413735824752;
      tail = (e * num) / den;
    } else {
      let cf = a + 0.65;
      cf = a + 4 / cf;
      cf = a + 3 / cf;
      cf = a + 2 / cf;
      cf = a + 1 / cf;
      tail = e / cf / SQRT_2PI;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
