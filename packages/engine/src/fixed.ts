import { EngineError } from './errors.ts';

/**
 * The engine's own tiny fixed-point and rational helpers. It imports nothing at run time (not even
 * @openbourse/money), so the few operations it needs live here, on bigint only.
 */

/** A non-negative decimal: `units` × 10^-scale. "0.00001" is { units: 1n, scale: 5 }. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** An exact rational `num / den`, den > 0, kept in lowest terms. Used where a value is rarely a whole number of minor units. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export const RATIO_ZERO: Ratio = Object.freeze({ num: 0n, den: 1n });

/** Longest decimal string read; bounds the cost of BigInt() on hostile input. */
const MAX_DECIMAL_LENGTH = 60;
const DECIMAL_RE = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

const POW10: bigint[] = [1n];
for (let i = 1; i <= 80; i++) POW10.push(POW10[i - 1]! * 10n);

export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/**
 * Reads a plain non-negative decimal ("0.01", "100000", "1.5"). Strict like the money package:
 * no exponent, sign, spaces or redundant leading zeros. Trailing fractional zeros are dropped so
 * the scale is the smallest exact one ("0.010" → 1 at scale 2).
 */
export function parseDecimal(input: string, field: string): Decimal {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_DECIMAL_LENGTH) {
    throw new EngineError('invalid_decimal', `${field}: not a decimal string`, field);
  }
  const m = DECIMAL_RE.exec(input);
  if (!m) throw new EngineError('invalid_decimal', `${field}: not a plain decimal: ${input}`, field);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return { units: BigInt(m[1]! + frac), scale: frac.length };
}

/** `units` at `scale` as a decimal string with exactly `scale` decimals (negative allowed). */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

// Integer division with a named direction. `d` must be positive (every divisor here is a scale
// power, a leverage, a price or a lot count).
export function divFloor(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

export function divCeil(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/** Toward zero: bigint division already truncates. */
export function divTrunc(n: bigint, d: bigint): bigint {
  return n / d;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** num / den in lowest terms with a positive denominator. */
export function ratio(num: bigint, den: bigint): Ratio {
  if (den === 0n) throw new RangeError('ratio with zero denominator');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  return a.den === b.den ? ratio(a.num + b.num, a.den) : ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function compareRatio(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const x = a.num * b.den;
  const y = b.num * a.den;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The whole part toward zero: what a rational amount of minor units pays out. */
export function truncRatio(a: Ratio): bigint {
  return a.num / a.den;
}
