import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { seededRandom } from '../market.random.ts';
import { ManualScheduler } from '../market.scheduler.ts';
import { createSimFeed, gbmStep, type SimInstrument, simVolume, spreadAround } from '../market.sim.ts';
import type { FeedTick } from '../market.types.ts';
import { catalogueInstruments, instrument } from './fixtures.ts';

const PURE = { reversionHalfLifeDays: 0 };

function run(opts: { seed: string; start: string; instruments: SimInstrument[]; steps: number; tickMs?: number }) {
  const clock = new ManualClock(opts.start);
  const scheduler = new ManualScheduler(clock);
  const feed = createSimFeed({
    instruments: opts.instruments,
    seed: opts.seed,
    clock,
    scheduler,
    tickMs: opts.tickMs ?? 1000,
    resume: new Map(),
  });
  const ticks: FeedTick[] = [];
  feed.onTick((t) => ticks.push(t));
  void feed.start();
  scheduler.advance(opts.steps * (opts.tickMs ?? 1000));
  void feed.stop();
  return { ticks, scheduler };
}

describe('simulated prices (GBM)', () => {
  it('never reaches zero, stays on the tick grid, whatever the volatility and step', () => {
    const insts = catalogueInstruments();
    fc.assert(
      fc.property(
        fc.constantFrom(...insts),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.integer({ min: 1, max: 86_400_000 }),
        fc.bigInt({ min: 1n, max: 50n }),
        (inst, seed, vol, dtMs, startTicks) => {
          const wild = { ...inst, volatility: String(vol) };
          const rng = seededRandom(seed);
          let mid = startTicks * inst.tickUnits;
          const bad: string[] = [];
          for (let i = 0; i < 200; i++) {
            mid = gbmStep(mid, wild, dtMs, rng.normal(), PURE);
            const { bid, ask } = spreadAround(mid, inst);
            const t = inst.tickUnits;
            if (mid < t || mid % t !== 0n || bid <= 0n || ask <= bid || bid % t !== 0n || ask % t !== 0n) {
              bad.push(`${mid} ${bid} ${ask}`);
            }
          }
          expect(bad).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('realises the instrument volatility (annualised over open time)', () => {
    const btc = instrument('BTCUSDT');
    const rng = seededRandom('vol-check');
    let mid = btc.initialUnits;
    const returns: number[] = [];
    const dt = 60_000;
    for (let i = 0; i < 20_000; i++) {
      const next = gbmStep(mid, btc, dt, rng.normal(), PURE);
      returns.push(Math.log(Number(next) / Number(mid)));
      mid = next;
    }
    const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
    const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
    const annualised = Math.sqrt(variance * ((365.25 * 86_400_000) / dt));
    expect(annualised).toBeGreaterThan(0.6 * 0.93);
    expect(annualised).toBeLessThan(0.6 * 1.07);
  });

  it('pulls back toward the initial price when reversion is on', () => {
    const eth = instrument('ETHUSDT');
    const far = eth.initialUnits * 3n;
    let withPull = far;
    let without = far;
    const a = seededRandom('pull');
    const b = seededRandom('pull');
    for (let i = 0; i < 2000; i++) {
      withPull = gbmStep(withPull, eth, 3_600_000, a.normal(), { reversionHalfLifeDays: 30 });
      without = gbmStep(without, eth, 3_600_000, b.normal(), PURE);
    }
    const distance = (u: bigint) => Math.abs(Math.log(Number(u) / Number(eth.initialUnits)));
    expect(distance(withPull)).toBeLessThan(distance(without));
  });

  it('is reproducible by seed, and another seed gives another path', () => {
    const insts = catalogueInstruments().slice(0, 20);
    const a = run({ seed: 's1', start: '2026-11-18T15:00:00Z', instruments: insts, steps: 50 });
    const b = run({ seed: 's1', start: '2026-11-18T15:00:00Z', instruments: insts, steps: 50 });
    const c = run({ seed: 's2', start: '2026-11-18T15:00:00Z', instruments: insts, steps: 50 });
    expect(a.ticks.length).toBeGreaterThan(500);
    expect(b.ticks).toEqual(a.ticks);
    expect(c.ticks.map((t) => t.last)).not.toEqual(a.ticks.map((t) => t.last));
    expect(a.scheduler.pending).toBe(0);
  });

  it('ticks about once a second per open instrument, with positive volume on the quantity grid', () => {
    const aapl = instrument('AAPL');
    const btc = instrument('BTCUSDT');
    const { ticks } = run({ seed: 'x', start: '2026-11-18T15:00:00Z', instruments: [aapl, btc], steps: 60 });
    // The first round at start, then one per second.
    expect(ticks.filter((t) => t.instrumentId === aapl.id)).toHaveLength(61);
    const vols = ticks.filter((t) => t.instrumentId === btc.id).slice(1);
    expect(vols.every((t) => t.volume > 0n && t.volume % 100_000n === 0n)).toBe(true);
    expect(ticks.every((t) => t.source === 'sim' && t.bid < t.ask && t.bid <= t.last && t.last <= t.ask)).toBe(true);
    const rng = seededRandom('v');
    expect(simVolume(aapl, 0, rng)).toBe(0n);
  });

  it('does not tick while the session is closed, and the price waits for the open', () => {
    const aapl = instrument('AAPL');
    const btc = instrument('BTCUSDT');
    // Saturday: stocks closed, crypto trades.
    const { ticks } = run({ seed: 'x', start: '2026-11-21T15:00:00Z', instruments: [aapl, btc], steps: 30 });
    expect(ticks.some((t) => t.instrumentId === aapl.id)).toBe(false);
    expect(ticks.filter((t) => t.instrumentId === btc.id)).toHaveLength(31);
    // Monday 14:29:50 → the open at 14:30: ticks only from 14:30:00.
    const monday = run({ seed: 'x', start: '2026-11-23T14:29:50Z', instruments: [aapl], steps: 20 });
    expect(monday.ticks.length).toBe(11);
    expect(new Date(monday.ticks[0]!.ts).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(monday.ticks[0]!.last).toBe(aapl.initialUnits);
  });

  it('resumes from the last recorded price', () => {
    const eur = instrument('EURUSD');
    const clock = new ManualClock('2026-11-18T10:00:00Z');
    const scheduler = new ManualScheduler(clock);
    const feed = createSimFeed({
      instruments: [eur],
      seed: 'r',
      clock,
      scheduler,
      tickMs: 1000,
      resume: new Map([[eur.id, { mid: 123_456n, ts: clock.now().getTime() - 500 }]]),
    });
    const ticks: FeedTick[] = [];
    feed.onTick((t) => ticks.push(t));
    void feed.start();
    void feed.stop();
    expect(ticks).toHaveLength(1);
    // Half a second of EUR/USD moves a few pipettes at most.
    const move = ticks[0]!.last - 123_456n;
    expect(move < 0n ? -move : move).toBeLessThan(20n);
    expect(scheduler.pending).toBe(0);
  });
});
