import { MoneyError } from './errors.ts';

/**
 * Fixed-point decimals on bigint. A value is `units` of 10^-scale: 1.5 at scale 6 is 1_500_000n.
 * The scale is always an argument (it is data, e.g. the currency's row), never guessed here.
 */

/** Largest scale accepted; far beyond any currency (ETH has 18), small enough to keep 10^n cheap. */
export const MAX_SCALE = 36;
/** Longest decimal string parsed; bounds the cost of BigInt() on hostile input. */
export const MAX_DECIMAL_LENGTH = 100;

/**
 * How a result that does not fit the requested scale is rounded. There is no default: the caller
 * says who the remainder favours.
 * - `down`: toward zero (truncate)          - `up`: away from zero
 * - `floor`: toward -infinity              - `ceiling`: toward +infinity
 * - `half-even`: nearest, ties to the even neighbour (banker's rounding, unbiased over many ties)
 */
export type Rounding = 'down' | 'up' | 'floor' | 'ceiling' | 'half-even';

export const ROUNDING_MODES: readonly Rounding[] = ['down', 'up', 'floor', 'ceiling', 'half-even'];

const POW10: bigint[] = [1n];
for (let i = 1; i <= 2 * MAX_SCALE + 1; i++) POW10.push(POW10[i - 1]! * 10n);

/** 10^n as a bigint (cached for the exponents scales produce). */
export function pow10(n: number): bigint {
  if (!Number.isSafeInteger(n) || n < 0) throw new MoneyError('invalid_scale', `bad exponent ${n}`);
  return POW10[n] ?? 10n ** BigInt(n);
}

export function assertScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new MoneyError('invalid_scale', `scale must be an integer in [0, ${MAX_SCALE}], got ${scale}`);
  }
}

const DECIMAL_RE = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

export interface ParseOptions {
  /** Accept a leading `-` (balances, PnL). Amounts a user types are positive: the default refuses. */
  allowNegative?: boolean;
}

/**
 * Parses a plain decimal string into units at `scale`. Strict: digits, one optional `.` with at
 * least one digit on each side, an optional `-` only when allowed; no exponent, `+`, spaces,
 * separators or redundant leading zeros. Trailing zeros beyond the scale are accepted (no value is
 * lost: "1.500000000000000000" at scale 6 is 1_500_000n); a non-zero digit beyond it throws
 * `too_many_decimals` — parsing never rounds.
 */
export function parseDecimal(input: string, scale: number, opts: ParseOptions = {}): bigint {
  assertScale(scale);
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_DECIMAL_LENGTH) {
    throw new MoneyError('invalid_format', 'not a decimal string', String(input).slice(0, MAX_DECIMAL_LENGTH));
  }
  const m = DECIMAL_RE.exec(input);
  if (!m) throw new MoneyError('invalid_format', `not a plain decimal: ${input}`, input);
  const negative = m[1] === '-';
  const int = m[2]!;
  let frac = m[3] ?? '';
  if (negative && !opts.allowNegative) throw new MoneyError('negative', `negative not allowed: ${input}`, input);
  if (frac.length > scale) {
    if (/[1-9]/.test(frac.slice(scale))) {
      throw new MoneyError('too_many_decimals', `more than ${scale} decimals: ${input}`, input);
    }
    frac = frac.slice(0, scale);
  }
  const units = BigInt(int + frac.padEnd(scale, '0'));
  if (negative && units === 0n) throw new MoneyError('invalid_format', `negative zero: ${input}`, input);
  return negative ? -units : units;
}

export interface FormatOptions {
  /** Drop trailing fractional zeros (and the point): "1.5" rather than "1.500000". */
  trim?: boolean;
}

/**
 * The canonical string of `units` at `scale`: exactly `scale` decimals ("1.500000"), or with
 * `trim` the shortest exact form ("1.5", "2"). `parseDecimal` reads both back to the same units.
 */
export function formatDecimal(units: bigint, scale: number, opts: FormatOptions = {}): string {
  assertScale(scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  let frac = digits.slice(digits.length - scale);
  if (opts.trim) frac = frac.replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * n / d rounded to an integer as `rounding` says. The primitive every narrowing uses; exported for
 * the engine (fees in basis points, ticks, lots).
 */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new MoneyError('division_by_zero', 'division by zero');
  const q = n / d; // truncates toward zero
  const r = n % d;
  if (r === 0n) return q;
  // The exact quotient lies strictly between q and q + sign.
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return q + sign;
    case 'floor':
      return sign < 0n ? q - 1n : q;
    case 'ceiling':
      return sign > 0n ? q + 1n : q;
    case 'half-even': {
      const twiceR = 2n * (r < 0n ? -r : r);
      const absD = d < 0n ? -d : d;
      if (twiceR > absD) return q + sign;
      if (twiceR < absD) return q;
      return q % 2n === 0n ? q : q + sign;
    }
    default:
      throw new MoneyError('invalid_format', `unknown rounding mode ${String(rounding)}`);
  }
}

/**
 * Re-expresses units from one scale to another. Widening is exact. Narrowing needs a rounding mode
 * unless the value happens to be exact: without one an inexact value throws `inexact` instead of
 * silently favouring someone.
 */
export function toScale(units: bigint, fromScale: number, to: number, rounding?: Rounding): bigint {
  assertScale(fromScale);
  assertScale(to);
  if (to >= fromScale) return units * pow10(to - fromScale);
  const d = pow10(fromScale - to);
  if (rounding) return divRound(units, d, rounding);
  if (units % d !== 0n) {
    throw new MoneyError('inexact', `${formatDecimal(units, fromScale)} does not fit scale ${to} exactly`);
  }
  return units / d;
}
