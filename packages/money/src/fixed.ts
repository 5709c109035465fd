import {
  assertScale,
  divRound,
  formatDecimal,
  type FormatOptions,
  type ParseOptions,
  parseDecimal,
  pow10,
  type Rounding,
  toScale,
} from './decimal.ts';
import { MoneyError } from './errors.ts';

/** A decimal value: `units` of 10^-scale. Plain data, so it crosses module boundaries untouched. */
export interface Fixed {
  readonly units: bigint;
  readonly scale: number;
}

/**
 * Where a result goes: its scale and, when that scale cannot hold the exact result, how to round.
 * Omitting `rounding` demands exactness: an inexact result throws `inexact`.
 */
export interface Target {
  scale: number;
  rounding?: Rounding;
}

export function fixed(units: bigint, scale: number): Fixed {
  assertScale(scale);
  return { units, scale };
}

/** parseDecimal into a Fixed (same strictness). */
export function parseFixed(input: string, scale: number, opts?: ParseOptions): Fixed {
  return { units: parseDecimal(input, scale, opts), scale };
}

export function formatFixed(value: Fixed, opts?: FormatOptions): string {
  return formatDecimal(value.units, value.scale, opts);
}

/** Rescales a value (see toScale: narrowing without a rounding mode must be exact). */
export function rescale(value: Fixed, target: Target): Fixed {
  return { units: toScale(value.units, value.scale, target.scale, target.rounding), scale: target.scale };
}

function align(a: Fixed, b: Fixed): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

function finish(units: bigint, scale: number, target: Target | undefined): Fixed {
  return target ? rescale({ units, scale }, target) : { units, scale };
}

/** a + b; exact at max(a.scale, b.scale) unless a target scale is given. */
export function add(a: Fixed, b: Fixed, target?: Target): Fixed {
  const [x, y, scale] = align(a, b);
  return finish(x + y, scale, target);
}

/** a − b; exact at max(a.scale, b.scale) unless a target scale is given. */
export function sub(a: Fixed, b: Fixed, target?: Target): Fixed {
  const [x, y, scale] = align(a, b);
  return finish(x - y, scale, target);
}

/** a × b; exact at a.scale + b.scale unless a target scale is given (price × quantity → notional). */
export function mul(a: Fixed, b: Fixed, target?: Target): Fixed {
  return finish(a.units * b.units, a.scale + b.scale, target);
}

/** a ÷ b at the target scale. Division is rarely exact, so the rounding mode is required. */
export function div(a: Fixed, b: Fixed, target: Required<Target>): Fixed {
  assertScale(target.scale);
  if (b.units === 0n) throw new MoneyError('division_by_zero', 'division by zero');
  // (a.u / 10^as) / (b.u / 10^bs) × 10^ts  =  a.u × 10^(bs+ts) / (b.u × 10^as)
  const n = a.units * pow10(b.scale + target.scale);
  const d = b.units * pow10(a.scale);
  return { units: divRound(n, d, target.rounding), scale: target.scale };
}

export function compare(a: Fixed, b: Fixed): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const eq = (a: Fixed, b: Fixed): boolean => compare(a, b) === 0;
export const lt = (a: Fixed, b: Fixed): boolean => compare(a, b) < 0;
export const lte = (a: Fixed, b: Fixed): boolean => compare(a, b) <= 0;
export const gt = (a: Fixed, b: Fixed): boolean => compare(a, b) > 0;
export const gte = (a: Fixed, b: Fixed): boolean => compare(a, b) >= 0;

export const isZero = (a: Fixed | bigint): boolean => (typeof a === 'bigint' ? a : a.units) === 0n;
export const isPositive = (a: Fixed | bigint): boolean => (typeof a === 'bigint' ? a : a.units) > 0n;
export const isNegative = (a: Fixed | bigint): boolean => (typeof a === 'bigint' ? a : a.units) < 0n;

export const negate = (a: Fixed): Fixed => ({ units: -a.units, scale: a.scale });
export const abs = (a: Fixed): Fixed => (a.units < 0n ? negate(a) : a);

/** The smallest argument, returned as given (its own scale); the first of equals wins. */
export function min(first: Fixed, ...rest: Fixed[]): Fixed {
  return rest.reduce((m, v) => (compare(v, m) < 0 ? v : m), first);
}

/** The largest argument, returned as given (its own scale); the first of equals wins. */
export function max(first: Fixed, ...rest: Fixed[]): Fixed {
  return rest.reduce((m, v) => (compare(v, m) > 0 ? v : m), first);
}

/** min/max on same-scale units. */
export const minUnits = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxUnits = (a: bigint, b: bigint): bigint => (a > b ? a : b);
export const compareUnits = (a: bigint, b: bigint): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);
