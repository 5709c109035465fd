import { divRound, formatDecimal, parseDecimal, pow10, toScale } from '@openbourse/money';

/**
 * Prices in code are bigint units at the instrument's price scale (priceDecimals): EUR/USD 1.16234
 * at scale 5 is 116234n. A random factor (a float: it is a ratio, not money) moves a price only
 * through `scaleUnits`, which multiplies in fixed point; every result lands on the tick grid.
 */

const FACTOR_SCALE = 1_000_000_000_000n; // 1e12: a factor's precision, far below any tick

/** units × factor, rounded half-even; the factor must be a finite positive number. */
export function scaleUnits(units: bigint, factor: number): bigint {
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`bad price factor ${factor}`);
  // Factors beyond 1e6 never occur in a market; clamping keeps BigInt() of the product exact.
  const f = BigInt(Math.round(Math.min(factor, 1e6) * 1e12));
  return divRound(units * f, FACTOR_SCALE, 'half-even');
}

/** The nearest multiple of `tickUnits` (half-even), never below one tick: a price is always > 0. */
export function snapToTick(
  units: bigint,
  tickUnits: bigint,
  rounding: 'half-even' | 'floor' | 'ceiling' = 'half-even',
) {
  const ticks = divRound(units, tickUnits, rounding);
  return (ticks < 1n ? 1n : ticks) * tickUnits;
}

/** A PostgreSQL numeric (or any plain decimal string) as units at `scale`, rounding half-even. */
export function decimalToUnits(value: string, scale: number): bigint {
  const frac = value.split('.')[1]?.length ?? 0;
  const s = Math.max(scale, frac);
  return toScale(parseDecimal(value, s, { allowNegative: true }), s, scale, 'half-even');
}

/** Units at `scale` as a decimal string with exactly `scale` decimals ("1.16000"). */
export const unitsToDecimal = (units: bigint, scale: number) => formatDecimal(units, scale);

/** Units at `scale` as the shortest exact decimal ("1.5", "2"). */
export const unitsToTrimmed = (units: bigint, scale: number) => formatDecimal(units, scale, { trim: true });

/** A decimal string in its shortest exact form ("0.000010000000" → "0.00001"). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** Number of decimals of a decimal string once trimmed ("0.25" → 2, "1000" → 0). */
export const decimalsOf = (value: string) => trimDecimal(value).split('.')[1]?.length ?? 0;

export { pow10 };
