import { divRound, pow10 } from '@openbourse/money';
import type { Clock } from '../../lib/clock.ts';
import { VOLUME_SCALE } from './market.aggregator.ts';
import { scaleUnits, snapToTick } from './market.price.ts';
import { type Random, seededRandom } from './market.random.ts';
import type { Scheduler } from './market.scheduler.ts';
import { compileSession, isOpen, openMsBetween, openMsPerYear } from './market.session.ts';
import type { FeedTick, Instrument, MarketFeed } from './market.types.ts';

/**
 * The simulated feed: geometric Brownian motion per instrument with its annualised volatility,
 * measured over open market time (a stock's year is ~1,650 open hours, crypto's 8,766), plus an
 * optional weak pull of the log price toward the instrument's initial level so a long-running
 * install stays near present-day prices. Every price lands on the tick grid and is at least one
 * tick. Closed markets do not tick and keep their last price.
 */

export type SimInstrument = Pick<
  Instrument,
  | 'id'
  | 'code'
  | 'tickUnits'
  | 'volatility'
  | 'session'
  | 'initialUnits'
  | 'spreadRateUnits'
  | 'dailyVolumeUnits'
  | 'qtyDecimals'
>;

export interface GbmOptions {
  /** Half-life (days of open time) of the pull toward the initial price; 0 = pure GBM. */
  reversionHalfLifeDays: number;
}

const SPREAD_RATE_SCALE = 100_000_000n; // spreadRateUnits are at scale 8

/** The next mid after `dtMs` of open time, given a standard normal draw `z`. Pure. */
export function gbmStep(mid: bigint, inst: SimInstrument, dtMs: number, z: number, opts: GbmOptions): bigint {
  if (dtMs <= 0) return mid;
  const years = dtMs / openMsPerYear(inst.session);
  const sigma = Number(inst.volatility);
  // ln(mid / initial): a ratio of two prices, not a price.
  const x = Math.log(Number(mid) / Number(inst.initialUnits));
  const kappa = opts.reversionHalfLifeDays > 0 ? Math.LN2 / (opts.reversionHalfLifeDays / 365.25) : 0;
  const logReturn = -0.5 * sigma * sigma * years - kappa * x * years + sigma * Math.sqrt(years) * z;
  // exp() of a bounded normal step; the clamp only guards against absurd inputs.
  const factor = Math.exp(Math.max(-20, Math.min(20, logReturn)));
  return snapToTick(scaleUnits(mid, factor), inst.tickUnits);
}

/** Bid and ask around a mid: spread = max(1 tick, mid × spreadRate), bid ≥ 1 tick. */
export function spreadAround(mid: bigint, inst: Pick<SimInstrument, 'tickUnits' | 'spreadRateUnits'>) {
  const spreadTicksRaw = divRound(mid * inst.spreadRateUnits, SPREAD_RATE_SCALE * inst.tickUnits, 'half-even');
  const spreadTicks = spreadTicksRaw < 1n ? 1n : spreadTicksRaw;
  let bid = mid - (spreadTicks / 2n) * inst.tickUnits;
  if (bid < inst.tickUnits) bid = inst.tickUnits;
  return { bid, ask: bid + spreadTicks * inst.tickUnits };
}

/** Simulated volume for `dtMs` of open time: the daily volume pro rata with log-normal noise. */
export function simVolume(inst: SimInstrument, dtMs: number, rng: Random): bigint {
  if (dtMs <= 0 || inst.dailyVolumeUnits <= 0n) return 0n;
  const c = compileSession(inst.session);
  const tradingDaysPerWeek = c.always ? 7 : 5;
  const share = (dtMs * tradingDaysPerWeek) / c.openMsPerWeek;
  const noise = Math.exp(0.6 * rng.normal() - 0.18);
  const units = scaleUnits(inst.dailyVolumeUnits, Math.max(share * noise, 1e-12));
  const step = pow10(Math.max(0, VOLUME_SCALE - inst.qtyDecimals));
  return (units / step) * step;
}

export interface SimFeedOptions {
  instruments: readonly SimInstrument[];
  seed: string;
  clock: Clock;
  scheduler: Scheduler;
  tickMs: number;
  /** Where each instrument resumes: its last recorded mid and when (continuity across restarts). */
  resume: ReadonlyMap<number, { mid: bigint; ts: number }>;
  reversionHalfLifeDays?: number;
  /** Longest gap one step may cover (a stalled process does not produce a jump). */
  maxStepMs?: number;
}

export interface SimFeed extends MarketFeed {
  /** Generates one round of ticks now (the timer calls this; tests may too). */
  step(): void;
  /** The simulated mid of an instrument. */
  mid(instrumentId: number): bigint | undefined;
}

export function createSimFeed(opts: SimFeedOptions): SimFeed {
  const listeners = new Set<(t: FeedTick) => void>();
  const gbm: GbmOptions = { reversionHalfLifeDays: opts.reversionHalfLifeDays ?? 0 };
  const maxStepMs = opts.maxStepMs ?? 60_000;
  const startMs = opts.clock.now().getTime();
  const state = opts.instruments.map((inst) => {
    const resume = opts.resume.get(inst.id);
    return {
      inst,
      mid: resume?.mid ?? inst.initialUnits,
      lastTs: resume?.ts ?? startMs,
      ticked: false,
      // Seeded per instrument and per run: a seed reproduces a run, restarts do not replay one.
      rng: seededRandom(`${opts.seed}:${inst.code}:${resume?.ts ?? startMs}`),
    };
  });
  let cancel: (() => void) | null = null;

  function step() {
    const now = opts.clock.now().getTime();
    for (const s of state) {
      if (!isOpen(s.inst.session, now)) continue;
      // Only open time moves a price: the first tick after a close continues from the last one.
      const dt = Math.min(openMsBetween(s.inst.session, s.lastTs, now), maxStepMs);
      if (dt === 0 && s.ticked) continue;
      s.mid = gbmStep(s.mid, s.inst, dt, s.rng.normal(), gbm);
      s.lastTs = Math.max(now, s.lastTs);
      s.ticked = true;
      const { bid, ask } = spreadAround(s.mid, s.inst);
      const tick: FeedTick = {
        instrumentId: s.inst.id,
        ts: s.lastTs,
        bid,
        ask,
        last: s.mid,
        volume: simVolume(s.inst, dt, s.rng),
        source: 'sim',
      };
      for (const l of listeners) l(tick);
    }
  }

  return {
    name: 'sim',
    async start() {
      if (cancel) return;
      cancel = opts.scheduler.every(opts.tickMs, step);
      step();
    },
    async stop() {
      cancel?.();
      cancel = null;
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    step,
    mid: (id) => state.find((s) => s.inst.id === id)?.mid,
  };
}
