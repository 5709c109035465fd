/**
 * The money of an option, exact: from the stated figures (decimal strings) to the premium rate
 * charged, the quantity bought, the maximum payout and the payout at expiry, on bigint only. Each
 * rounding is named and goes the platform's way by less than one unit of the last decimal: the
 * rate up, the quantity and every payout down. See packages/contracts/src/options.ts for the rules.
 */
import { EngineError } from '../errors.ts';
import { type Decimal, divCeil, divFloor, formatUnits, parseDecimal, pow10 } from '../fixed.ts';
import type { OptionKind } from './model.ts';

/** Decimals of `modelRate` as stated on a quote and an order. */
export const MODEL_RATE_DECIMALS = 10;
/** Decimals of `rate` (the premium per unit as a share of the strike). */
export const RATE_DECIMALS = 8;
/** Decimals of an option's quantity. */
export const QUANTITY_DECIMALS = 8;
/** Decimals of a stated volatility ("0.6250"). */
export const VOLATILITY_DECIMALS = 4;
/** Basis points in one. */
const BPS = 10_000n;

const trim = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

function positive(input: string, field: string): Decimal {
  const d = parseDecimal(input, field);
  if (d.units <= 0n) throw new EngineError('invalid_decimal', `${field}: must be positive`, field);
  return d;
}

function share(input: string, field: string): Decimal {
  const d = positive(input, field);
  if (d.units >= pow10(d.scale)) throw new EngineError('invalid_decimal', `${field}: must be below 1`, field);
  return d;
}

function assertScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0 || scale > 36) {
    throw new EngineError('invalid_spec', `scale must be an integer in [0, 36], got ${scale}`);
  }
}

/**
 * A model value as stated: `x` rounded to `decimals` (half away from zero on the float, which is
 * itself an approximation; what is stated is what every later step uses).
 */
export function stateModelValue(x: number, decimals: number): string {
  if (!Number.isFinite(x) || x < 0) throw new RangeError('stateModelValue: a finite non-negative number');
  return x.toFixed(decimals);
}

/**
 * The rate charged: modelRate × (1 + spreadBps / 10 000), rounded up to 8 decimals, exactly from the
 * stated `modelRate` (a decimal string). "0.00000000" only if the model value is zero.
 */
export function chargedRate(modelRate: string, spreadBps: number): string {
  if (!Number.isSafeInteger(spreadBps) || spreadBps < 0) {
    throw new EngineError('invalid_spec', 'spreadBps: a non-negative integer', 'spreadBps');
  }
  const m = parseDecimal(modelRate, 'modelRate');
  const units = divCeil(m.units * (BPS + BigInt(spreadBps)) * pow10(RATE_DECIMALS), pow10(m.scale) * BPS);
  return formatUnits(units, RATE_DECIMALS);
}

/** Quantity bought: amount / (strike × rate), rounded down to 8 decimals. */
export function optionQuantity(amount: string, strike: string, rate: string): string {
  const a = positive(amount, 'amount');
  const k = positive(strike, 'strike');
  const r = positive(rate, 'rate');
  const q = divFloor(a.units * pow10(k.scale + r.scale + QUANTITY_DECIMALS), pow10(a.scale) * k.units * r.units);
  return formatUnits(q, QUANTITY_DECIMALS);
}

/** The most the option can pay: amount × capMove / rate, rounded down to the currency's `scale`. */
export function maxPayout(amount: string, capMove: string, rate: string, scale: number): string {
  assertScale(scale);
  const a = positive(amount, 'amount');
  const c = share(capMove, 'capMove');
  const r = positive(rate, 'rate');
  const units = divFloor(a.units * c.units * pow10(r.scale + scale), pow10(a.scale + c.scale) * r.units);
  return formatUnits(units, scale);
}

/**
 * The price beyond which the payout no longer grows: strike × (1 + capMove) for a call,
 * strike × (1 − capMove) for a put, exact (shortest form).
 */
export function capPrice(kind: OptionKind, strike: string, capMove: string): string {
  const k = positive(strike, 'strike');
  const c = share(capMove, 'capMove');
  const one = pow10(c.scale);
  const factor = kind === 'call' ? one + c.units : one - c.units;
  return trim(formatUnits(k.units * factor, k.scale + c.scale));
}

/**
 * The payout at expiry: quantity × min(max(S − K, 0), capMove × K) for a call,
 * quantity × min(max(K − S, 0), capMove × K) for a put, rounded down to the currency's `scale`.
 */
export function optionPayout(input: {
  kind: OptionKind;
  quantity: string;
  strike: string;
  settle: string;
  capMove: string;
  scale: number;
}): string {
  assertScale(input.scale);
  const q = parseDecimal(input.quantity, 'quantity');
  const k = positive(input.strike, 'strike');
  const s = positive(input.settle, 'settle');
  const c = share(input.capMove, 'capMove');
  // Strike and settlement price at one scale p; the intrinsic value and the cap at scale p + c.scale.
  const p = Math.max(k.scale, s.scale);
  const kp = k.units * pow10(p - k.scale);
  const sp = s.units * pow10(p - s.scale);
  const move = input.kind === 'call' ? sp - kp : kp - sp;
  if (move <= 0n || q.units === 0n) return formatUnits(0n, input.scale);
  const moved = move * pow10(c.scale);
  const cap = c.units * kp;
  const perUnit = moved < cap ? moved : cap;
  const units = divFloor(q.units * perUnit * pow10(input.scale), pow10(q.scale + p + c.scale));
  return formatUnits(units, input.scale);
}
