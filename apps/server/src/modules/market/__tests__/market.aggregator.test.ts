import { K_PERIODS, type KPeriod } from '@openbourse/contracts/market.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleAggregator, type CandleState, type PricePoint, rollUp } from '../market.aggregator.ts';
import { changeOf, RollingStats } from '../market.stats.ts';

const T0 = Date.parse('2026-11-18T10:00:00Z');
const p = (s: number, price: bigint, volume = 1n): PricePoint => ({
  instrumentId: 7,
  ts: T0 + s * 1000,
  price,
  volume,
});

describe('K-line aggregator', () => {
  it('opens a candle in every period on the first tick and updates high, low, close and volume', () => {
    const agg = new CandleAggregator();
    const first = agg.apply(p(0, 100n, 2n));
    expect(first.updated.map((c) => c.period)).toEqual([...K_PERIODS]);
    expect(first.closed).toEqual([]);
    agg.apply(p(10, 105n, 1n));
    agg.apply(p(20, 98n, 3n));
    agg.apply(p(30, 101n, 4n));
    for (const period of K_PERIODS) {
      expect(agg.current(7, period)).toMatchObject({ open: 100n, high: 105n, low: 98n, close: 101n, volume: 10n });
    }
    expect(agg.current(7, '1h')?.openTime).toBe(T0);
    expect(agg.current(7, '1d')?.openTime).toBe(Date.parse('2026-11-18T00:00:00Z'));
  });

  it('closes a candle when a tick falls in the next bucket, and ignores ticks older than the current one', () => {
    const agg = new CandleAggregator();
    agg.apply(p(0, 100n));
    agg.apply(p(59, 110n));
    const roll = agg.apply(p(60, 90n));
    expect(roll.closed.map((c) => [c.period, c.close])).toEqual([['1m', 110n]]);
    expect(agg.current(7, '1m')).toMatchObject({ openTime: T0 + 60_000, open: 90n, high: 90n, low: 90n, close: 90n });
    expect(agg.current(7, '5m')).toMatchObject({ open: 100n, high: 110n, low: 90n, close: 90n, volume: 3n });
    const stale = agg.apply(p(30, 1n));
    expect(stale.updated.map((c) => c.period)).not.toContain('1m');
    expect(agg.current(7, '1m')?.low).toBe(90n);
  });

  it('resumes a stored candle', () => {
    const agg = new CandleAggregator();
    agg.load({ instrumentId: 7, period: '1h', openTime: T0, open: 50n, high: 60n, low: 40n, close: 55n, volume: 9n });
    agg.apply(p(5, 70n, 1n));
    expect(agg.current(7, '1h')).toMatchObject({ open: 50n, high: 70n, low: 40n, close: 70n, volume: 10n });
  });

  it('builds every period consistently: each coarse candle is the roll-up of the 1-minute candles', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 900_000 }),
            price: fc.bigInt({ min: 1n, max: 10_000n }),
            volume: fc.bigInt({ min: 0n, max: 1000n }),
          }),
          { minLength: 1, maxLength: 300 },
        ),
        (steps) => {
          const agg = new CandleAggregator();
          const all = new Map<string, CandleState>();
          let ts = T0;
          for (const s of steps) {
            ts += s.gap;
            for (const c of agg.apply({ instrumentId: 1, ts, price: s.price, volume: s.volume }).updated) {
              all.set(`${c.period}:${c.openTime}`, c);
            }
          }
          const byPeriod = (period: KPeriod) =>
            [...all.values()].filter((c) => c.period === period).sort((a, b) => a.openTime - b.openTime);
          const minutes = byPeriod('1m');
          for (const period of K_PERIODS) {
            expect(byPeriod(period)).toEqual(rollUp(minutes, period).sort((a, b) => a.openTime - b.openTime));
          }
          const volume = steps.reduce((sum, s) => sum + s.volume, 0n);
          expect(byPeriod('1d').reduce((sum, c) => sum + c.volume, 0n)).toBe(volume);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('rolling 24 h statistics', () => {
  const c = (minutesAgo: number, o: bigint, h: bigint, l: bigint, cl: bigint, v: bigint, now: number): CandleState => ({
    instrumentId: 1,
    period: '5m',
    openTime: now - minutesAgo * 60_000,
    open: o,
    high: h,
    low: l,
    close: cl,
    volume: v,
  });

  it('covers the last 24 hours and drops what falls out', () => {
    const now = T0;
    const s = new RollingStats();
    s.load([
      c(25 * 60, 50n, 500n, 1n, 60n, 1000n, now),
      c(23 * 60, 100n, 120n, 90n, 110n, 5n, now),
      c(5, 110n, 130n, 105n, 125n, 7n, now),
    ]);
    expect(s.snapshot(now, 125n)).toEqual({ open: 100n, high: 130n, low: 90n, volume: 12n });
    s.update(c(0, 125n, 140n, 125n, 140n, 1n, now));
    expect(s.snapshot(now, 140n)).toEqual({ open: 100n, high: 140n, low: 90n, volume: 13n });
    // 2 hours later the 23-hours-ago candle is gone.
    expect(s.snapshot(now + 2 * 3_600_000, 140n)).toEqual({ open: 110n, high: 140n, low: 105n, volume: 8n });
    // Nothing in 24 hours: no change, high = low = last.
    expect(s.snapshot(now + 3 * 86_400_000, 140n)).toEqual({ open: null, high: 140n, low: 140n, volume: 0n });
  });

  it('computes change and change % (2 decimals, half-even)', () => {
    expect(changeOf(110n, 100n)).toEqual({ change: 10n, pctHundredths: 1000n });
    expect(changeOf(99_999n, 100_000n)).toEqual({ change: -1n, pctHundredths: 0n });
    expect(changeOf(99_950n, 100_000n)).toEqual({ change: -50n, pctHundredths: -5n });
    expect(changeOf(3n, 7n)).toEqual({ change: -4n, pctHundredths: -5714n });
    expect(changeOf(5n, null)).toEqual({ change: 0n, pctHundredths: 0n });
  });
});
