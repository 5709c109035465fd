import { K_PERIODS, type KPeriod, PERIOD_MS } from '@openbourse/contracts/market.ts';
import { maxUnits, minUnits } from '@openbourse/money';

/**
 * Ticks → K-lines, pure: no clock, no I/O. Prices are bigint units at the instrument's price
 * scale, volumes bigint units at VOLUME_SCALE. A candle's bucket is floor(ts / period) × period
 * (UTC-aligned since the epoch); a tick in a later bucket closes the current candle and opens the
 * next one at the tick's price. Ticks older than the current candle are ignored (feeds are ordered).
 */
export const VOLUME_SCALE = 8;

export interface CandleState {
  instrumentId: number;
  period: KPeriod;
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

export interface PricePoint {
  instrumentId: number;
  ts: number;
  price: bigint;
  volume: bigint;
}

export const bucketStart = (ts: number, period: KPeriod) => Math.floor(ts / PERIOD_MS[period]) * PERIOD_MS[period];

const key = (instrumentId: number, period: KPeriod) => `${instrumentId}:${period}`;

/** The candle after one more price point (a new object; the input is not modified). */
export function applyToCandle(candle: CandleState | undefined, p: PricePoint, period: KPeriod): CandleState | null {
  const openTime = bucketStart(p.ts, period);
  if (candle && openTime < candle.openTime) return null;
  if (!candle || openTime > candle.openTime) {
    return {
      instrumentId: p.instrumentId,
      period,
      openTime,
      open: p.price,
      high: p.price,
      low: p.price,
      close: p.price,
      volume: p.volume,
    };
  }
  return {
    ...candle,
    high: maxUnits(p.price, candle.high),
    low: minUnits(p.price, candle.low),
    close: p.price,
    volume: candle.volume + p.volume,
  };
}

export class CandleAggregator {
  readonly #current = new Map<string, CandleState>();
  readonly #periods: readonly KPeriod[];

  constructor(periods: readonly KPeriod[] = K_PERIODS) {
    this.#periods = periods;
  }

  /** Resumes a candle read back from storage (kept only if not older than what is held). */
  load(candle: CandleState): void {
    const k = key(candle.instrumentId, candle.period);
    const held = this.#current.get(k);
    if (!held || held.openTime <= candle.openTime) this.#current.set(k, { ...candle });
  }

  current(instrumentId: number, period: KPeriod): CandleState | undefined {
    return this.#current.get(key(instrumentId, period));
  }

  /**
   * Applies one price point to every period. `updated` holds the current candle of each period it
   * touched; `closed` the candles it finished (their final state, for the rolling statistics).
   */
  apply(p: PricePoint): { updated: CandleState[]; closed: CandleState[] } {
    const updated: CandleState[] = [];
    const closed: CandleState[] = [];
    for (const period of this.#periods) {
      const k = key(p.instrumentId, period);
      const before = this.#current.get(k);
      const after = applyToCandle(before, p, period);
      if (!after) continue;
      if (before && after.openTime !== before.openTime) closed.push(before);
      this.#current.set(k, after);
      updated.push(after);
    }
    return { updated, closed };
  }
}

/** Candles of `period` built from finer candles (used by tests and to check generated history). */
export function rollUp(candles: readonly CandleState[], period: KPeriod): CandleState[] {
  const out = new Map<string, CandleState>();
  const sorted = [...candles].sort((a, b) => a.openTime - b.openTime);
  for (const c of sorted) {
    const openTime = bucketStart(c.openTime, period);
    const k = `${c.instrumentId}:${openTime}`;
    const held = out.get(k);
    if (!held) {
      out.set(k, { ...c, period, openTime });
    } else {
      held.high = maxUnits(c.high, held.high);
      held.low = minUnits(c.low, held.low);
      held.close = c.close;
      held.volume += c.volume;
    }
  }
  return [...out.values()];
}
