import type { SpotPair, SpotSide } from '@openbourse/contracts/spot.ts';
import { currencyScale } from '@openbourse/locales/format.ts';
import { compareDecimal, isMultipleOf, toUnits, trimDecimal } from '@/shared/lib/decimal';

/**
 * The form's arithmetic of a spot order, exact (bigint at a decimal scale, never floats): the
 * quantity for a share of the balance, a market order's protection bound (the note beside the
 * form), the checks of the typed fields. The fee, hold and total shown come from the server's
 * preview (order/previewBb), priced by the settlement's own functions, never from here.
 */

/** Fee rates and the protection are read at this scale (the server keeps them in parts per million). */
const RATE_SCALE = 18;
const RATE_ONE = 10n ** BigInt(RATE_SCALE);

export const decimalsOf = (value: string): number => {
  const v = trimDecimal(value.trim());
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
};

/** Units of `scale` decimals as a decimal string without trailing zeros: 1500000n, 6 → "1.5". */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

const ceilDiv = (n: bigint, d: bigint) => (n >= 0n ? (n + d - 1n) / d : n / d);
const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -ceilDiv(-n, d));

/** A typed decimal that is a positive number (no sign, no exponent). */
export const isPositiveDecimal = (value: string) => /^(0|[1-9]\d*)(\.\d+)?$/.test(value.trim()) && /[1-9]/.test(value);

/** price × quantity, exact. */
export function turnoverOf(price: string, quantity: string): string {
  const ps = decimalsOf(price);
  const qs = decimalsOf(quantity);
  return fromUnits(toUnits(price, ps) * toUnits(quantity, qs), ps + qs);
}

/** The fee of `turnover` at `rate`, rounded up to the quote currency's smallest unit (as the server charges it). */
export function feeOf(turnover: string, rate: string, quote: string): string {
  const scale = currencyScale(quote);
  const ts = decimalsOf(turnover);
  const n = toUnits(turnover, ts) * toUnits(rate, RATE_SCALE) * 10n ** BigInt(scale);
  const d = 10n ** BigInt(ts) * RATE_ONE;
  return fromUnits(ceilDiv(n, d), scale);
}

const add = (a: string, b: string, sign: 1n | -1n = 1n) => {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  return fromUnits(toUnits(a, scale) + sign * toUnits(b, scale), scale);
};

const maxRate = (pair: Pick<SpotPair, 'makerFeeRate' | 'takerFeeRate'>) =>
  toUnits(pair.takerFeeRate, RATE_SCALE) >= toUnits(pair.makerFeeRate, RATE_SCALE)
    ? pair.takerFeeRate
    : pair.makerFeeRate;

/**
 * The worst price a market order may trade at: the protection beyond the best opposite price, on the
 * tick grid (a buy rounds down, a sell up, never below one tick), as the server bounds it.
 */
export function protectionPrice(pair: Pick<SpotPair, 'tickSize' | 'marketProtection'>, side: SpotSide, best: string) {
  const scale = Math.max(decimalsOf(pair.tickSize), decimalsOf(best));
  const tick = toUnits(pair.tickSize, scale);
  const bestTicks = toUnits(best, scale) / tick;
  const p = toUnits(pair.marketProtection, RATE_SCALE);
  const ticks =
    side === 'buy' ? floorDiv(bestTicks * (RATE_ONE + p), RATE_ONE) : ceilDiv(bestTicks * (RATE_ONE - p), RATE_ONE);
  return fromUnits((ticks > 0n ? ticks : 1n) * tick, scale);
}

/**
 * What a buy of `quantity` at `price` holds: turnover + the fee at the pair's higher rate, rounded up
 * (spot.fees.ts). Only to size a share of the balance: the figures shown come from the server's
 * preview (order/previewBb).
 */
export function buyHoldOf(pair: SpotPair, price: string, quantity: string): string {
  const turnover = turnoverOf(price, quantity);
  return add(turnover, feeOf(turnover, maxRate(pair), pair.quote));
}

/**
 * The quantity for a share (`percent` of 100) of the available balance, on the lot grid and within
 * the pair's range: a sell sells that share of the base; a buy spends that share of the quote on
 * what it holds at `price` (turnover + fee at the higher rate). "0" when it cannot buy one lot.
 */
export function quantityForShare(
  pair: SpotPair,
  side: SpotSide,
  available: string,
  percent: number,
  price: string | null,
): string {
  const lotScale = decimalsOf(pair.lotSize);
  const lot = toUnits(pair.lotSize, lotScale);
  const availScale = Math.max(decimalsOf(available), currencyScale(side === 'buy' ? pair.quote : pair.base));
  const share = (toUnits(available, availScale) * BigInt(percent)) / 100n;
  if (share <= 0n) return '0';
  const maxQty = toUnits(pair.maxQuantity, lotScale);
  let lots: bigint;
  if (side === 'sell') {
    lots = toUnits(fromUnits(share, availScale), lotScale) / lot;
  } else {
    if (!price || !isPositiveDecimal(price)) return '0';
    // Largest q with price × q × (1 + rate) ≤ share, then down a lot while the rounded-up fee exceeds it.
    const ps = decimalsOf(price);
    const rate = toUnits(maxRate(pair), RATE_SCALE);
    const scale = availScale;
    // q (in lot units) ≤ share × 10^(ps + lotScale) × ONE / (10^scale × price × (ONE + rate)) / lot
    const n = share * 10n ** BigInt(ps + lotScale) * RATE_ONE;
    const d = 10n ** BigInt(scale) * toUnits(price, ps) * (RATE_ONE + rate) * lot;
    lots = n / d;
    const shareText = fromUnits(share, scale);
    const holdOf = (l: bigint) => buyHoldOf(pair, price, fromUnits(l * lot, lotScale));
    while (lots > 0n && compareDecimal(holdOf(lots), shareText) > 0) lots -= 1n;
  }
  let qty = lots * lot;
  if (qty > maxQty) qty = maxQty - (maxQty % lot);
  return qty > 0n ? fromUnits(qty, lotScale) : '0';
}

export type QuantityError = 'quantity' | 'quantityRange' | 'quantityStep';
export type PriceError = 'priceRequired' | 'price' | 'priceStep';

/** Keys of the texts (spot.form.errors.*) for what is wrong with the form, before any request. */
export function validateOrder(
  pair: Pick<SpotPair, 'tickSize' | 'lotSize' | 'minQuantity' | 'maxQuantity'>,
  order: { type: 'limit' | 'market'; price: string; quantity: string },
): { quantity?: QuantityError; price?: PriceError } {
  const errors: { quantity?: QuantityError; price?: PriceError } = {};
  const quantity = order.quantity.trim();
  if (!isPositiveDecimal(quantity)) errors.quantity = 'quantity';
  else if (compareDecimal(quantity, pair.minQuantity) < 0 || compareDecimal(quantity, pair.maxQuantity) > 0)
    errors.quantity = 'quantityRange';
  else if (!isMultipleOf(quantity, pair.lotSize)) errors.quantity = 'quantityStep';
  if (order.type === 'limit') {
    const price = order.price.trim();
    if (!price) errors.price = 'priceRequired';
    else if (!isPositiveDecimal(price)) errors.price = 'price';
    else if (!isMultipleOf(price, pair.tickSize)) errors.price = 'priceStep';
  }
  return errors;
}

/** Whether `amount` is more than `available` (both decimal strings). */
export const exceeds = (amount: string, available: string) => compareDecimal(amount, available) > 0;

/**
 * A fee rate less a VIP discount (a share, "0.1" = 10 % off), rounded up to a millionth as the server
 * does (levels.arithmetic.ts: the rate in ppm × (1 − discount), ceiling).
 */
export function discountedRate(rate: string, discount: string): string {
  const ppm = toUnits(rate, 6);
  const bps = toUnits(discount, 4);
  return fromUnits(ceilDiv(ppm * (10_000n - bps), 10_000n), 6);
}
