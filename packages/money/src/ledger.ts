import { formatDecimal, parseDecimal, pow10, toScale } from './decimal.ts';
import { MoneyError } from './errors.ts';

/**
 * The ledger stores every amount as numeric(38,18): 20 integer digits, 18 fractional. These helpers
 * move between those strings (as PostgreSQL prints them: "-12.500000000000000000", "0") and units at
 * a currency's scale, refusing anything that would lose a digit or overflow the column.
 */
export const LEDGER_SCALE = 18;
export const LEDGER_PRECISION = 38;
export const LEDGER_INTEGER_DIGITS = LEDGER_PRECISION - LEDGER_SCALE;

/** True when units at `scale` fit numeric(38,18) (and scale ≤ 18, so no digit is lost). */
export function fitsLedger(units: bigint, scale: number): boolean {
  if (scale > LEDGER_SCALE) return false;
  const a = units < 0n ? -units : units;
  return a < pow10(LEDGER_INTEGER_DIGITS + scale);
}

/**
 * A numeric(38,18) string (negative allowed) as units at `scale` (default 18). Throws
 * `too_many_decimals` if the stored value has digits the scale cannot hold — that would be a
 * corrupted balance, never something to round away.
 */
export function fromLedger(value: string, scale: number = LEDGER_SCALE): bigint {
  return parseDecimal(value, scale, { allowNegative: true });
}

/** Units at `scale` as a decimal string for a numeric(38,18) parameter; throws `out_of_range` if it cannot fit. */
export function toLedger(units: bigint, scale: number): string {
  if (!fitsLedger(units, scale)) {
    throw new MoneyError('out_of_range', `${formatDecimal(units, Math.min(scale, 36))} does not fit numeric(38,18)`);
  }
  return formatDecimal(units, scale);
}

/** Units at `scale` re-expressed at the ledger's scale 18 (exact: scale ≤ 18 is required). */
export function unitsToLedgerScale(units: bigint, scale: number): bigint {
  if (scale > LEDGER_SCALE) throw new MoneyError('out_of_range', `scale ${scale} exceeds the ledger's ${LEDGER_SCALE}`);
  return toScale(units, scale, LEDGER_SCALE);
}
