import {
  compileInstrument,
  type Instrument as EngineInstrument,
  formatUnits,
  parseDecimal as parseEngineDecimal,
  pow10,
  type Quote,
} from '@openbourse/engine';
import { formatDecimal, parseDecimal } from '@openbourse/money';
import type { Instrument } from '../market/market.types.ts';

/**
 * Conversions between the market's instruments and prices (decimal strings, bigint units at the
 * instrument's priceDecimals) and the engine's integers (ticks, lot steps, USDT minor units).
 * Pure; no I/O.
 */

/** USDT, the settlement currency of every margin amount, and its scale (engine quoteScale). */
export const USDT = 'USDT';
export const USDT_SCALE = 6;

const compiled = new WeakMap<Instrument, EngineInstrument>();

/**
 * The engine's view of a market instrument, compiled once per instrument object (the market
 * replaces the object when it reloads its catalogue, so an operator's edit is picked up).
 */
export function engineInstrument(inst: Instrument): EngineInstrument {
  let e = compiled.get(inst);
  if (!e) {
    e = compileInstrument({
      symbol: inst.code,
      tickSize: inst.tickSize,
      contractSize: inst.contractSize,
      lotStep: inst.lotStep,
      minLots: inst.minLots,
      maxLots: inst.maxLots,
      maxLeverage: inst.maxLeverage,
      feeRate: inst.feeRate,
      quoteScale: USDT_SCALE,
      quoteToUsdt: inst.quoteToUsdt,
      stopsLevel: inst.stopsLevel,
    });
    compiled.set(inst, e);
  }
  return e;
}

/** Price units (at priceDecimals) as ticks; null when off the tick grid (a feed must never send one). */
export function unitsToTicks(inst: Instrument, units: bigint): bigint | null {
  if (units <= 0n || units % inst.tickUnits !== 0n) return null;
  return units / inst.tickUnits;
}

/** A recorded quote in engine ticks, or null if it is not on the grid. */
export function quoteTicks(inst: Instrument, q: { bidUnits: bigint; askUnits: bigint }): Quote | null {
  const bidTicks = unitsToTicks(inst, q.bidUnits);
  const askTicks = unitsToTicks(inst, q.askUnits);
  if (bidTicks === null || askTicks === null || askTicks < bidTicks) return null;
  return { bidTicks, askTicks };
}

/** Ticks as a price string at the instrument's price decimals, the way the market prints quotes. */
export function ticksToPriceString(inst: Instrument, ticks: bigint): string {
  return formatUnits(ticks * inst.tickUnits, inst.priceDecimals);
}

/** A stored price (numeric(38,12), e.g. "1.160000000000") as ticks; throws when off the grid. */
export function storedPriceToTicks(inst: Instrument, stored: string): bigint {
  const d = parseEngineDecimal(stored, 'price');
  const units = d.scale <= inst.priceDecimals ? d.units * pow10(inst.priceDecimals - d.scale) : null;
  const ticks = units === null ? null : unitsToTicks(inst, units);
  if (ticks === null) throw new Error(`${inst.code}: stored price ${stored} is off the tick grid ${inst.tickSize}`);
  return ticks;
}

/** Stored lots (numeric(38,8)) as lot steps, without the min/max check (a remainder may be any size the grid allows). */
export function storedLotsToSteps(ins: EngineInstrument, stored: string): bigint {
  const d = parseEngineDecimal(stored, 'lots');
  const n = d.units * pow10(ins.lotStep.scale);
  const den = ins.lotStep.units * pow10(d.scale);
  if (n % den !== 0n) throw new Error(`${ins.symbol}: stored lots ${stored} are off the lot grid`);
  return n / den;
}

/** USDT minor units as the decimal string the ledger and the wire take ("12.500000"). */
export const usdt = (minor: bigint): string => formatDecimal(minor, USDT_SCALE);

/** A stored USDT amount (numeric(38,6), sign allowed) as minor units. */
export const usdtMinor = (stored: string): bigint => parseDecimal(stored, USDT_SCALE, { allowNegative: true });

/** Canonical short form of a stored decimal ("0.50000000" → "0.5"). */
export function trimDecimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
