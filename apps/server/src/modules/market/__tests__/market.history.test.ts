import { K_PERIODS, type KPeriod, PERIOD_MS } from '@openbourse/contracts/market.ts';
import { describe, expect, it } from 'vitest';
import { bucketStart, type CandleState, rollUp } from '../market.aggregator.ts';
import { CATALOGUE } from '../market.catalogue.ts';
import { generateHistory } from '../market.history.ts';
import { seededRandom } from '../market.random.ts';
import { isOpen, openMsBetween } from '../market.session.ts';
import type { Instrument } from '../market.types.ts';
import { catalogueInstruments, instrument } from './fixtures.ts';

const NOW = Date.parse('2026-11-18T15:07:30Z'); // a Wednesday, US market open

function generate(inst: Instrument, to = NOW) {
  return generateHistory({
    inst,
    to,
    anchor: { at: 'end', price: inst.initialUnits },
    count: 300,
    rng: seededRandom(`test:${inst.code}`),
  });
}

const byPeriod = (candles: CandleState[], period: KPeriod) =>
  candles.filter((c) => c.period === period).sort((a, b) => a.openTime - b.openTime);

describe('generated history', () => {
  it.each(['BTCUSDT', 'EURUSD', 'XAUUSD', 'AAPL', 'ES', 'SPY', 'USDJPY', 'YM'])(
    '%s: ≥ 300 candles per period ending at the current price, on the grid, inside the session',
    (code) => {
      const inst = instrument(code);
      const { candles, endPrice } = generate(inst);
      expect(endPrice).toBe(inst.initialUnits);
      for (const period of K_PERIODS) {
        const list = byPeriod(candles, period);
        expect(list.length, period).toBeGreaterThanOrEqual(300);
        const last = list[list.length - 1]!;
        expect(last.openTime).toBe(bucketStart(NOW - 1, period));
        expect(last.close).toBe(inst.initialUnits);
        const times = new Set(list.map((c) => c.openTime));
        expect(times.size).toBe(list.length);
        const wrong = list.filter(
          (c, i) =>
            c.openTime % PERIOD_MS[period] !== 0 ||
            c.low <= 0n ||
            !(c.low <= c.open && c.low <= c.close && c.high >= c.open && c.high >= c.close) ||
            [c.open, c.high, c.low, c.close].some((v) => v % inst.tickUnits !== 0n) ||
            c.volume < 0n ||
            openMsBetween(inst.session, c.openTime, c.openTime + PERIOD_MS[period]) === 0 ||
            // The path is continuous: each candle opens where the previous one closed.
            (i > 0 && c.open !== list[i - 1]!.close),
        );
        expect(wrong, period).toEqual([]);
      }
      expect(byPeriod(candles, '1m').filter((c) => !isOpen(inst.session, c.openTime))).toEqual([]);
    },
  );

  it('is consistent across periods: a coarse candle is the roll-up of the finer candles inside it', () => {
    for (const code of ['BTCUSDT', 'AAPL', 'ES']) {
      const { candles } = generate(instrument(code));
      for (let i = 1; i < K_PERIODS.length; i++) {
        const fine = byPeriod(candles, K_PERIODS[i - 1]!);
        const coarsePeriod = K_PERIODS[i]!;
        const coarse = new Map(byPeriod(candles, coarsePeriod).map((c) => [c.openTime, c]));
        const firstFine = fine[0]!.openTime;
        let compared = 0;
        for (const rolled of rollUp(fine, coarsePeriod)) {
          // Only coarse candles entirely covered by the finer window are comparable.
          if (rolled.openTime < firstFine) continue;
          if (rolled.openTime === bucketStart(firstFine, coarsePeriod) && firstFine !== rolled.openTime) continue;
          expect(coarse.get(rolled.openTime), `${code} ${coarsePeriod}`).toEqual(rolled);
          compared++;
        }
        expect(compared, `${code} ${coarsePeriod}`).toBeGreaterThan(0);
      }
    }
  });

  it('is plausible: daily moves match the volatility, volume matches the daily volume', () => {
    const btc = instrument('BTCUSDT');
    const days = byPeriod(generate(btc).candles, '1d').slice(0, -1);
    const returns = days.map((d) => Math.log(Number(d.close) / Number(d.open)));
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const expected = 0.6 / Math.sqrt(365.25);
    expect(sd).toBeGreaterThan(expected * 0.75);
    expect(sd).toBeLessThan(expected * 1.25);
    const meanVolume = days.reduce((s, d) => s + Number(d.volume), 0) / days.length / 1e8;
    expect(meanVolume).toBeGreaterThan(20_000 * 0.7);
    expect(meanVolume).toBeLessThan(20_000 * 1.3);
  });

  it('fills a gap after downtime forward from the last price', () => {
    const eth = instrument('ETHUSDT');
    const from = NOW - 3 * 3_600_000 - 17_000;
    const last = 3_150_00n;
    const { candles, startPrice, endPrice } = generateHistory({
      inst: eth,
      from,
      to: NOW,
      anchor: { at: 'start', price: last },
      count: 300,
      rng: seededRandom('gap'),
    });
    expect(startPrice).toBe(last);
    const minutes = byPeriod(candles, '1m');
    expect(minutes[0]!.openTime).toBe(bucketStart(from, '1m'));
    expect(minutes[0]!.open).toBe(last);
    expect(minutes[minutes.length - 1]!.close).toBe(endPrice);
    expect(minutes).toHaveLength(181);
    expect(byPeriod(candles, '1d')).toHaveLength(1);
  });

  it('generates every instrument of the catalogue in well under a few seconds', () => {
    const started = Date.now();
    let total = 0;
    for (const inst of catalogueInstruments()) total += generate(inst).candles.length;
    expect(total).toBeGreaterThanOrEqual(CATALOGUE.length * 7 * 300);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('instrument catalogue', () => {
  const insts = catalogueInstruments();
  const ofType = (t: number) => insts.filter((i) => i.type === t);

  it('covers the five market types', () => {
    expect(ofType(1).length).toBeGreaterThanOrEqual(8);
    expect(ofType(2).length).toBeGreaterThanOrEqual(10);
    expect(ofType(3).length).toBeGreaterThanOrEqual(10);
    expect(ofType(4).length).toBeGreaterThanOrEqual(6);
    expect(ofType(5).length).toBeGreaterThanOrEqual(6);
    for (const code of ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'USDCHF', 'XAUUSD', 'XAGUSD']) {
      expect(ofType(1).map((i) => i.code)).toContain(code);
    }
    expect(new Set(insts.map((i) => i.code)).size).toBe(insts.length);
  });

  it('has consistent contract terms', () => {
    for (const i of insts) {
      expect(i.tickUnits, i.code).toBeGreaterThan(0n);
      expect(i.initialUnits % i.tickUnits, i.code).toBe(0n);
      expect(Number(i.minLots)).toBeGreaterThan(0);
      expect(Number(i.maxLots)).toBeGreaterThanOrEqual(Number(i.minLots));
      expect(i.maxLeverage).toBeGreaterThanOrEqual(1);
      expect(Number(i.feeRate)).toBeGreaterThanOrEqual(0.0005);
      expect(i.quoteToUsdt, i.code).toBe(i.base === 'USD' ? 'inverse' : 'direct');
      expect(['USD', 'USDT', 'JPY', 'CHF', 'CAD']).toContain(i.quote);
    }
    expect(insts.find((i) => i.code === 'USDJPY')?.quoteToUsdt).toBe('inverse');
  });

  it('has plausible volatility per class', () => {
    const range: Record<string, [number, number]> = {
      forex: [0.05, 0.12],
      metal: [0.15, 0.2],
      crypto: [0.6, 0.8],
      stock: [0.25, 0.4],
      future: [0.25, 0.35],
      etf: [0.15, 0.2],
    };
    for (const i of insts) {
      const [lo, hi] = range[i.assetClass]!;
      expect(Number(i.volatility), i.code).toBeGreaterThanOrEqual(lo);
      expect(Number(i.volatility), i.code).toBeLessThanOrEqual(hi);
    }
  });
});
