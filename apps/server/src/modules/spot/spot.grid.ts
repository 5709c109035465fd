/**
 * A pair's grid: prices as integer ticks, quantities as integer lots, and the exact amounts they make
 * in each currency's minor units. Pure (bigint); the settlement and the views read amounts only
 * through here.
 */
import { divRound, formatDecimal, isMoneyError, parseDecimal, pow10 } from '@openbourse/money';
import type { SpotPairRow } from './spot.tables.ts';

/** Scale at which grid sizes are read (numeric(38,18)). */
const GRID_SCALE = 18;
export const PPM = 1_000_000n;

export interface PairGrid {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  baseScale: number;
  quoteScale: number;
  tickSize: string;
  lotSize: string;
  /** Decimals shown for a price / a quantity (those of tickSize / lotSize). */
  priceDecimals: number;
  qtyDecimals: number;
  /** Quote minor units of one tick × one lot (a whole number, checked). */
  turnoverUnit: bigint;
  /** Base minor units of one lot. */
  lotUnits: bigint;
  tickE18: bigint;
  lotE18: bigint;
  minLots: number;
  maxLots: number;
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  protectionPpm: bigint;
}

const decimalsOf = (s: string) => {
  const t = s.includes('.') ? s.replace(/0+$/, '') : s;
  const i = t.indexOf('.');
  return i < 0 ? 0 : t.length - i - 1;
};

/** The grid of a stored pair, or an Error naming what does not fit the currencies' scales. */
export function gridOf(row: SpotPairRow, baseScale: number, quoteScale: number): PairGrid {
  const tickE18 = parseDecimal(row.tickSize, GRID_SCALE);
  const lotE18 = parseDecimal(row.lotSize, GRID_SCALE);
  // tick × lot in quote minor units: tickE18 × lotE18 × 10^quoteScale / 10^36.
  const num = tickE18 * lotE18 * pow10(quoteScale);
  const den = pow10(2 * GRID_SCALE);
  if (num % den !== 0n) throw new Error(`spot pair ${row.symbol}: tick × lot is finer than the quote's scale`);
  const lotNum = lotE18 * pow10(baseScale);
  if (lotNum % pow10(GRID_SCALE) !== 0n)
    throw new Error(`spot pair ${row.symbol}: the lot is finer than the base's scale`);
  if (decimalsOf(row.tickSize) > quoteScale)
    throw new Error(`spot pair ${row.symbol}: the tick is finer than the quote's scale`);
  return {
    id: row.id,
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    baseScale,
    quoteScale,
    tickSize: trim(row.tickSize),
    lotSize: trim(row.lotSize),
    priceDecimals: decimalsOf(row.tickSize),
    qtyDecimals: decimalsOf(row.lotSize),
    turnoverUnit: num / den,
    lotUnits: lotNum / pow10(GRID_SCALE),
    tickE18,
    lotE18,
    minLots: row.minLots,
    maxLots: row.maxLots,
    makerFeePpm: BigInt(row.makerFeePpm),
    takerFeePpm: BigInt(row.takerFeePpm),
    protectionPpm: BigInt(row.protectionPpm),
  };
}

export const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** A typed decimal on a step, as a whole number of steps; null when malformed, not positive, off the grid or too large. */
function steps(input: string, stepE18: bigint): number | null {
  if (input.split('.')[0]!.length > 15) return null;
  let v: bigint;
  try {
    v = parseDecimal(input, GRID_SCALE);
  } catch (e) {
    if (isMoneyError(e)) return null;
    throw e;
  }
  if (v <= 0n || v % stepE18 !== 0n) return null;
  const n = v / stepE18;
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

export const priceToTicks = (g: PairGrid, price: string) => steps(price, g.tickE18);
export const qtyToLots = (g: PairGrid, qty: string) => steps(qty, g.lotE18);

/** Exact decimal of `units` at `scale`, trailing zeros trimmed. */
export const units = (u: bigint, scale: number) => trim(formatDecimal(u, scale));

export const priceString = (g: PairGrid, ticks: number | bigint) => units(BigInt(ticks) * g.tickE18, GRID_SCALE);
export const qtyString = (g: PairGrid, lots: number | bigint) => units(BigInt(lots) * g.lotE18, GRID_SCALE);

/** Quote minor units of `lots` at `ticks`. */
export const turnoverUnits = (g: PairGrid, ticks: number | bigint, lots: number | bigint) =>
  BigInt(ticks) * BigInt(lots) * g.turnoverUnit;
export const baseUnits = (g: PairGrid, lots: number | bigint) => BigInt(lots) * g.lotUnits;

/**
 * The fee a fill adds to an order: the ceiling of everything accrued (Σ turnover × rate) less what
 * was already charged, so the sum of an order's fees is one rounding of its total, never one per fill.
 */
export function feeDue(accrualBefore: bigint, feeBefore: bigint, fillTurnover: bigint, ratePpm: bigint) {
  const accrual = accrualBefore + fillTurnover * ratePpm;
  const total = divRound(accrual, PPM, 'ceiling');
  return { accrual, fee: total - feeBefore };
}

/** The worst price a market order may trade at: `protection` beyond the best opposite price, on the grid. */
export function protectionTicks(g: PairGrid, side: 'buy' | 'sell', bestTicks: number): number {
  const b = BigInt(bestTicks);
  if (side === 'buy') return Number(divRound(b * (PPM + g.protectionPpm), PPM, 'floor'));
  const low = divRound(b * (PPM - g.protectionPpm), PPM, 'ceiling');
  return Number(low > 0n ? low : 1n);
}
