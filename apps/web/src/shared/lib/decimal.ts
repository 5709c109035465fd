/**
 * Exact comparisons of decimal strings (prices, lots) without turning them into floats: both sides
 * are scaled to the same number of fraction digits and compared as BigInts.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A decimal string as an integer of `scale` fraction digits (extra digits are cut off): "1.5", 6 → 1500000n. */
export function toUnits(value: string, scale: number): bigint {
  const v = value.trim();
  const negative = v.startsWith('-');
  const [int = '0', frac = ''] = v.replace(/^-/, '').split('.');
  const digits = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

/** -1, 0 or 1; both arguments must be decimal strings. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a.trim()), fractionDigits(b.trim()));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether `value` is a whole multiple of `step` (e.g. lots on the lot grid). */
export function isMultipleOf(value: string, step: string): boolean {
  const scale = Math.max(fractionDigits(value.trim()), fractionDigits(step.trim()));
  const s = toUnits(step, scale);
  return s === 0n || toUnits(value, scale) % s === 0n;
}

/** "1.50" → "1.5", "2.000" → "2": the shortest form, for inputs. */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** Sign of a decimal string: "-0.00" is zero. */
export function signOf(value: string): -1 | 0 | 1 {
  const v = value.trim();
  if (!/[1-9]/.test(v)) return 0;
  return v.startsWith('-') ? -1 : 1;
}
