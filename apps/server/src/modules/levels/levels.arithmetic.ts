/**
 * The levels' exact arithmetic (no floats): discounts are basis points (1000 = 10 %), volumes and
 * balances USDT units at VOLUME_SCALE. A discounted fee is fee × (10000 − bps) / 10000 rounded up to
 * the fee's minor unit (the platform never undercharges by a rounding: as the fees are rounded up).
 */
import { divRound, formatDecimal, parseDecimal } from '@openbourse/money';

export const BPS = 10_000n;
/** Volumes and balances are compared at USDT's 6 decimals. */
export const VOLUME_SCALE = 6;
export const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 30;

/** A fee (minor units) less the discount, rounded up to the minor unit. */
export function discountedFee(fee: bigint, discountBps: number): bigint {
  if (discountBps <= 0 || fee <= 0n) return fee;
  return divRound(fee * (BPS - BigInt(discountBps)), BPS, 'ceiling');
}

/** A rate (ppm or bps) less the discount, rounded up to the rate's unit. */
export const discountedRate = discountedFee;

/** 1000 → "0.1"; 0 → "0". */
export function bpsToShare(bps: number): string {
  return formatDecimal(BigInt(bps), 4, { trim: true }).replace(/\.$/, '');
}

/** "0.1" → 1000. */
export function shareToBps(share: string): number {
  return Number(parseDecimal(share, 4));
}

/** A decimal string (any number of decimals, from SQL) as units at VOLUME_SCALE, truncated. */
export function volumeUnits(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const units = BigInt(int || '0') * 10n ** BigInt(VOLUME_SCALE) + BigInt(`${frac}000000`.slice(0, VOLUME_SCALE));
  return negative ? -units : units;
}

export const formatVolume = (units: bigint) => formatDecimal(units, VOLUME_SCALE, { trim: true }).replace(/\.$/, '');

export interface TierTerms {
  id: number;
  minVolume: bigint;
  minBalance: bigint | null;
}

/** The highest level whose volume (and balance, when it asks for one) the user reaches; 0 at least. */
export function levelFor(tiers: readonly TierTerms[], volume: bigint, balance: bigint): number {
  let best = 0;
  for (const t of tiers) {
    if (volume >= t.minVolume && (t.minBalance === null || balance >= t.minBalance) && t.id > best) best = t.id;
  }
  return best;
}

/** Share ("0".."1", 4 decimals) of the way from `from` to `to` that `volume` has come. */
export function progressShare(volume: bigint, from: bigint, to: bigint): string {
  if (to <= from || volume >= to) return '1';
  if (volume <= from) return '0';
  return bpsToShare(Number(((volume - from) * BPS) / (to - from)));
}
