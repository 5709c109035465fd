import { divRound } from '@openbourse/money';
import type { CandleState } from './market.aggregator.ts';

/**
 * Rolling 24-hour figures of one instrument from its 5-minute candles, pure: the closed candles of
 * the last 24 h plus the current one. change = last − the first candle's open in the window; with
 * nothing traded in 24 h (a weekend for stocks) the change is 0 and high = low = last.
 */
export const STATS_WINDOW_MS = 86_400_000;

export interface Stats24h {
  /** Reference price 24 h ago (the window's first open), or null when nothing traded in the window. */
  open: bigint | null;
  high: bigint;
  low: bigint;
  volume: bigint;
}

export class RollingStats {
  #closed: CandleState[] = [];
  #current: CandleState | null = null;

  /** Loads stored candles (any order); the newest becomes the current one. */
  load(candles: readonly CandleState[]): void {
    const sorted = [...candles].sort((a, b) => a.openTime - b.openTime);
    this.#current = sorted.pop() ?? null;
    this.#closed = sorted;
  }

  /** The current 5-minute candle after a tick (a new openTime closes the previous one). */
  update(candle: CandleState): void {
    if (this.#current && candle.openTime > this.#current.openTime) this.#closed.push(this.#current);
    if (!this.#current || candle.openTime >= this.#current.openTime) this.#current = candle;
  }

  /**
   * The last instant at which `snapshot` still answers as it does at `nowMs` (with the same `last`
   * and no `update` in between): candles only leave the window as time passes, the oldest first.
   * Infinity when the window is empty.
   */
  stableUntil(nowMs: number): number {
    const since = nowMs - STATS_WINDOW_MS;
    const oldest =
      this.#closed.find((c) => c.openTime >= since) ??
      (this.#current && this.#current.openTime >= since ? this.#current : null);
    return oldest ? oldest.openTime + STATS_WINDOW_MS : Number.POSITIVE_INFINITY;
  }

  snapshot(nowMs: number, last: bigint): Stats24h {
    const since = nowMs - STATS_WINDOW_MS;
    while (this.#closed.length > 0 && (this.#closed[0] as CandleState).openTime < since) this.#closed.shift();
    const window = this.#current && this.#current.openTime >= since ? [...this.#closed, this.#current] : this.#closed;
    if (window.length === 0) return { open: null, high: last, low: last, volume: 0n };
    let high = last;
    let low = last;
    let volume = 0n;
    for (const c of window) {
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
    }
    return { open: (window[0] as CandleState).open, high, low, volume };
  }
}

/** change and change % (2 decimals, half-even) of `last` against `open`, as units / hundredths. */
export function changeOf(last: bigint, open: bigint | null): { change: bigint; pctHundredths: bigint } {
  if (open === null || open === 0n) return { change: 0n, pctHundredths: 0n };
  const change = last - open;
  return { change, pctHundredths: divRound(change * 10_000n, open, 'half-even') };
}
