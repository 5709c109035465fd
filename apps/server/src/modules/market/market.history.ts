import { K_PERIODS, type KPeriod, PERIOD_MS } from '@openbourse/contracts/market.ts';
import { maxUnits, minUnits } from '@openbourse/money';
import { bucketStart, type CandleState } from './market.aggregator.ts';
import { scaleUnits, snapToTick } from './market.price.ts';
import type { Random } from './market.random.ts';
import { openMsBetween, openMsPerYear } from './market.session.ts';
import { type SimInstrument, simVolume } from './market.sim.ts';

/**
 * Generated history, pure: candles directly (not ticks), so a first start fills every chart period
 * in a few seconds. The path is a Brownian bridge in log price, refined top-down: the daily
 * candles first, then each one that falls in the 4-hour window is split into 4-hour candles whose
 * path starts and ends where the day's does, and so on down to 1 minute. Variance is spread over
 * open market time only, so closed hours neither move the price nor get candles. Highs, lows and
 * volumes are generated at the finest level present and summed upward, so every coarse candle is
 * exactly the aggregate of the finer candles inside it wherever both exist.
 *
 * Windows: each period gets at least `count` candles ending at `to` (counting only buckets with
 * open time). Coarser periods reach further back (1d: `count` trading days; 1m: `count` minutes).
 */

/** Coarse to fine; each period divides the previous one. */
const LEVELS: readonly KPeriod[] = [...K_PERIODS].reverse();

export interface HistoryRequest {
  inst: SimInstrument;
  /** End of the history (exclusive): the current partial candles end here. */
  to: number;
  /** Start; absent → far enough back that the coarsest period has `count` candles. */
  from?: number;
  /**
   * The known price: at `to` (a first start ending at the current price) or at `from` (filling a
   * gap after downtime, continuing from the last recorded price).
   */
  anchor: { at: 'end' | 'start'; price: bigint };
  count: number;
  rng: Random;
}

export interface HistoryResult {
  candles: CandleState[];
  from: number;
  /** Price at `to` (for the feed to resume from). */
  endPrice: bigint;
  startPrice: bigint;
}

/** Start of the earliest of the last `count` buckets of `period` that hold open time, ending at `to`. */
export function windowStart(inst: SimInstrument, period: KPeriod, to: number, count: number, floor = -Infinity) {
  const p = PERIOD_MS[period];
  let b = bucketStart(to - 1, period);
  let found = 0;
  let start = b;
  // The guard bounds the walk for sessions that are almost never open.
  for (let guard = 0; guard < count * 20 && b + p > floor; guard++, b -= p) {
    if (openMsBetween(inst.session, Math.max(b, floor), Math.min(b + p, to)) > 0) {
      found++;
      start = b;
      if (found >= count) break;
    }
  }
  return Math.max(start, floor);
}

export function generateHistory(req: HistoryRequest): HistoryResult {
  const { inst, to, rng } = req;
  const windows = LEVELS.map((p) => windowStart(inst, p, to, req.count, req.from ?? -Infinity));
  const from = req.from ?? (windows[0] as number);
  const sigma = Number(inst.volatility);
  const yearMs = openMsPerYear(inst.session);
  const variance = (ms: number) => (sigma * sigma * ms) / yearMs;
  const anchor = req.anchor.price;
  const toUnits = (x: number) => snapToTick(scaleUnits(anchor, Math.exp(x)), inst.tickUnits);

  const totalVar = variance(openMsBetween(inst.session, from, to));
  const swing = Math.sqrt(totalVar) * rng.normal();
  const [xFrom, xTo] = req.anchor.at === 'end' ? [-swing, 0] : [0, swing];
  const candles: CandleState[] = [];

  interface Extent {
    high: bigint;
    low: bigint;
    volume: bigint;
  }

  /** Splits [start, end) into candles of LEVELS[level] along a bridge from x0 to x1. */
  function refine(level: number, start: number, end: number, x0: number, x1: number): Extent | null {
    const period = LEVELS[level] as KPeriod;
    const p = PERIOD_MS[period];
    const buckets: Array<{ b: number; s: number; e: number; w: number }> = [];
    for (let b = bucketStart(start, period); b < end; b += p) {
      const s = Math.max(b, start);
      const e = Math.min(b + p, end);
      const w = openMsBetween(inst.session, s, e);
      if (w > 0) buckets.push({ b, s, e, w });
    }
    if (buckets.length === 0) return null;
    let remaining = variance(buckets.reduce((sum, k) => sum + k.w, 0));
    let x = x0;
    let extent: Extent | null = null;
    buckets.forEach((k, i) => {
      const v = variance(k.w);
      let next: number;
      if (i === buckets.length - 1 || remaining <= v) {
        next = x1;
      } else {
        // Brownian bridge: the mean heads for x1 in proportion to variance, the spread shrinks.
        next = x + ((x1 - x) * v) / remaining + Math.sqrt((v * (remaining - v)) / remaining) * rng.normal();
      }
      remaining -= v;
      const open = toUnits(x);
      const close = toUnits(next);
      const nextWindow = windows[level + 1];
      let inner: Extent | null = null;
      if (nextWindow !== undefined && k.e > nextWindow) inner = refine(level + 1, k.s, k.e, x, next);
      if (!inner) {
        // Leaf: an excursion beyond the open/close about half a standard deviation of the candle.
        const sd = Math.sqrt(v);
        const hx = Math.max(x, next) + Math.abs(rng.normal()) * sd * 0.5;
        const lx = Math.min(x, next) - Math.abs(rng.normal()) * sd * 0.5;
        const hi = snapToTick(scaleUnits(anchor, Math.exp(hx)), inst.tickUnits, 'ceiling');
        const lo = snapToTick(scaleUnits(anchor, Math.exp(lx)), inst.tickUnits, 'floor');
        inner = {
          high: maxUnits(hi, maxUnits(open, close)),
          low: minUnits(lo, minUnits(open, close)),
          volume: simVolume(inst, k.w, rng),
        };
      }
      candles.push({
        instrumentId: inst.id,
        period,
        openTime: k.b,
        open,
        high: inner.high,
        low: inner.low,
        close,
        volume: inner.volume,
      });
      extent = extent
        ? {
            high: maxUnits(inner.high, extent.high),
            low: minUnits(inner.low, extent.low),
            volume: extent.volume + inner.volume,
          }
        : { ...inner };
      x = next;
    });
    return extent;
  }

  refine(0, from, to, xFrom, xTo);
  return { candles, from, startPrice: toUnits(xFrom), endPrice: toUnits(xTo) };
}
