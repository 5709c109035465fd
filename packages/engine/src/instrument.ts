import { EngineError } from './errors.ts';
import { type Decimal, formatUnits, parseDecimal, pow10, type Ratio, ratio } from './fixed.ts';

export type Side = 'buy' | 'sell';

/**
 * How the quote currency becomes USDT, the one settlement currency.
 * - `direct`: the quote is USD or USDT (EUR/USD, XAU/USD, BTC/USDT, a US stock); USD counts as
 *   USDT 1:1, so amounts in the quote are already USDT.
 * - `inverse`: the base is USD (USD/JPY, USD/CHF); amounts come out in the quote currency and are
 *   divided by the pair's price to become USDT. The notional of a lot is then a fixed USD amount.
 */
export type QuoteToUsdt = 'direct' | 'inverse';

/** An instrument as the operator configures it: decimal strings, the wire's and the database's form. */
export interface InstrumentSpec {
  symbol: string;
  /** Smallest price increment, e.g. "0.00001" (EUR/USD), "0.01" (XAU/USD, BTC/USDT), "0.001" (USD/JPY). */
  tickSize: string;
  /** Units of the base per lot: 100000 (EUR/USD), 100 oz (XAU/USD), 1 (BTC, a share, an ETF unit), 1000 barrels (crude). */
  contractSize: string;
  /** Smallest lot increment, e.g. "0.01". minLots and maxLots must be whole multiples of it. */
  lotStep: string;
  minLots: string;
  maxLots: string;
  /** Highest leverage a user may pick (an integer ≥ 1). */
  maxLeverage: number;
  /** Fee as a fraction of notional, e.g. "0.0005" for 5 bps. */
  feeRate: string;
  /** Decimal places of the settlement currency (USDT: 6): every amount the engine returns is in these minor units. */
  quoteScale: number;
  quoteToUsdt: QuoteToUsdt;
  /**
   * The stops level: how many ticks a stop loss or take profit must at least keep from the price
   * the position would close at (MetaTrader's "stops level"); 0 or absent: one tick.
   */
  stopsLevel?: number;
}

/**
 * The compiled form: every decimal as bigint units with a scale, and the products the arithmetic
 * needs precomputed as exact ratios, so pricing a position is integer multiplication and one division.
 */
export interface Instrument {
  readonly spec: Readonly<InstrumentSpec>;
  readonly symbol: string;
  readonly tick: Decimal;
  readonly contract: Decimal;
  readonly lotStep: Decimal;
  readonly feeRate: Decimal;
  readonly minSteps: bigint;
  readonly maxSteps: bigint;
  readonly maxLeverage: bigint;
  readonly quoteScale: number;
  readonly quoteToUsdt: QuoteToUsdt;
  /** The stops level in ticks (see InstrumentSpec). */
  readonly stopsLevel: bigint;
  /**
   * Base units in one lot step, in settlement minor units: lotStep × contractSize × 10^quoteScale.
   * For an inverse pair (base USD) this is the USDT notional of one lot step.
   */
  readonly stepBase: Ratio;
  /** Settlement minor units that one tick is worth on one lot step (direct pairs): tickSize × stepBase. */
  readonly tickValue: Ratio;
}

const MAX_QUOTE_SCALE = 18;

export function compileInstrument(spec: InstrumentSpec): Instrument {
  const positive = (value: string, field: string): Decimal => {
    const d = parseDecimal(value, field);
    if (d.units === 0n) throw new EngineError('invalid_spec', `${spec.symbol}: ${field} must be positive`, field);
    return d;
  };
  const tick = positive(spec.tickSize, 'tickSize');
  const contract = positive(spec.contractSize, 'contractSize');
  const lotStep = positive(spec.lotStep, 'lotStep');
  const feeRate = parseDecimal(spec.feeRate, 'feeRate');
  if (feeRate.units >= pow10(feeRate.scale)) {
    throw new EngineError('invalid_spec', `${spec.symbol}: feeRate must be below 1`, 'feeRate');
  }
  if (!Number.isSafeInteger(spec.maxLeverage) || spec.maxLeverage < 1) {
    throw new EngineError('invalid_spec', `${spec.symbol}: maxLeverage must be an integer ≥ 1`, 'maxLeverage');
  }
  if (!Number.isInteger(spec.quoteScale) || spec.quoteScale < 0 || spec.quoteScale > MAX_QUOTE_SCALE) {
    throw new EngineError('invalid_spec', `${spec.symbol}: quoteScale must be an integer in [0, 18]`, 'quoteScale');
  }
  if (spec.quoteToUsdt !== 'direct' && spec.quoteToUsdt !== 'inverse') {
    throw new EngineError('invalid_spec', `${spec.symbol}: quoteToUsdt must be direct or inverse`, 'quoteToUsdt');
  }
  const toSteps = (value: string, field: string): bigint => {
    const steps = onGrid(positive(value, field), lotStep);
    if (steps === null)
      throw new EngineError('invalid_spec', `${spec.symbol}: ${field} is not a multiple of lotStep`, field);
    return steps;
  };
  const stopsLevel = spec.stopsLevel ?? 0;
  if (!Number.isSafeInteger(stopsLevel) || stopsLevel < 0) {
    throw new EngineError('invalid_spec', `${spec.symbol}: stopsLevel must be an integer ≥ 0`, 'stopsLevel');
  }
  const minSteps = toSteps(spec.minLots, 'minLots');
  const maxSteps = toSteps(spec.maxLots, 'maxLots');
  if (maxSteps < minSteps) throw new EngineError('invalid_spec', `${spec.symbol}: maxLots below minLots`, 'maxLots');

  const stepBase = ratio(
    lotStep.units * contract.units * pow10(spec.quoteScale),
    pow10(lotStep.scale + contract.scale),
  );
  const tickValue = ratio(tick.units * stepBase.num, pow10(tick.scale) * stepBase.den);
  return Object.freeze({
    spec: Object.freeze({ ...spec }),
    symbol: spec.symbol,
    tick,
    contract,
    lotStep,
    feeRate,
    minSteps,
    maxSteps,
    maxLeverage: BigInt(spec.maxLeverage),
    quoteScale: spec.quoteScale,
    quoteToUsdt: spec.quoteToUsdt,
    stopsLevel: BigInt(stopsLevel),
    stepBase,
    tickValue,
  });
}

/**
 * The least distance of a stop loss or take profit from the closing price, in ticks, for a stops
 * level: the level itself, and never under one tick (a stop at the closing price would fire on the
 * very next tick at that same price).
 */
export const stopDistanceTicks = (stopsLevel: number | bigint): bigint => {
  const level = BigInt(stopsLevel);
  return level > 1n ? level : 1n;
};

/** value / unit when that is a whole number, else null. */
function onGrid(value: Decimal, unit: Decimal): bigint | null {
  // (v.u / 10^vs) / (u.u / 10^us) = v.u × 10^us / (u.u × 10^vs)
  const n = value.units * pow10(unit.scale);
  const d = unit.units * pow10(value.scale);
  return n % d === 0n ? n / d : null;
}

/** A price string as a whole number of ticks; refuses a price off the tick grid (never rounds). */
export function priceToTicks(ins: Instrument, price: string, field = 'price'): bigint {
  const ticks = onGrid(parseDecimal(price, field), ins.tick);
  if (ticks === null)
    throw new EngineError('off_tick_grid', `${ins.symbol}: ${price} is not a multiple of ${ins.spec.tickSize}`, field);
  if (ticks === 0n) throw new EngineError('invalid_quote', `${ins.symbol}: price must be positive`, field);
  return ticks;
}

export function isOnTickGrid(ins: Instrument, price: string): boolean {
  try {
    return onGrid(parseDecimal(price, 'price'), ins.tick) !== null;
  } catch {
    return false;
  }
}

/** Ticks back to the price string, with exactly the tick size's decimals ("1.10000"). */
export function ticksToPrice(ins: Instrument, priceTicks: bigint): string {
  return formatUnits(priceTicks * ins.tick.units, ins.tick.scale);
}

/**
 * A lot string as a whole number of lot steps, checked against minLots..maxLots. `qtySteps` is the
 * engine's quantity unit: lots = qtySteps × lotStep.
 */
export function lotsToSteps(ins: Instrument, lots: string, field = 'lots'): bigint {
  const steps = onGrid(parseDecimal(lots, field), ins.lotStep);
  if (steps === null)
    throw new EngineError('off_lot_grid', `${ins.symbol}: ${lots} is not a multiple of ${ins.spec.lotStep}`, field);
  checkLots(ins, steps, field);
  return steps;
}

export function stepsToLots(ins: Instrument, qtySteps: bigint): string {
  return formatUnits(qtySteps * ins.lotStep.units, ins.lotStep.scale);
}

export function checkLots(ins: Instrument, qtySteps: bigint, field = 'lots'): void {
  if (qtySteps < ins.minSteps)
    throw new EngineError('lots_below_min', `${ins.symbol}: below ${ins.spec.minLots} lots`, field);
  if (qtySteps > ins.maxSteps)
    throw new EngineError('lots_above_max', `${ins.symbol}: above ${ins.spec.maxLots} lots`, field);
}

/** Leverage must be a whole number in 1..maxLeverage. Returns it as bigint for the arithmetic. */
export function checkLeverage(ins: Instrument, leverage: number, field = 'leverage'): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1 || BigInt(leverage) > ins.maxLeverage) {
    throw new EngineError(
      'invalid_leverage',
      `${ins.symbol}: leverage must be an integer in 1..${ins.spec.maxLeverage}`,
      field,
    );
  }
  return BigInt(leverage);
}
