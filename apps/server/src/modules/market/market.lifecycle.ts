/**
 * Start and stop: at start-up the state to restore from what is stored (quotes, open candles, 24 h
 * statistics) and the broadcast timer; when this process owns the feed (`lead`, by lease), the
 * history to generate or fill, the feed to run and the flush timer; at stop, the feed and timers
 * stopped and what is buffered written. Pruning old ticks is
 * a job (`market.prune-ticks` on the jobs service, every `pruneEveryMs`), run by one process.
 */
import { K_PERIODS, PERIOD_MS } from '@openbourse/contracts/market.ts';
import type { Executor } from '../../db/client.ts';
import { bucketStart, CandleAggregator, type CandleState, VOLUME_SCALE } from './market.aggregator.ts';
import { combineFeeds, createBinanceFeed } from './market.binance.ts';
import { CATALOGUE } from './market.catalogue.ts';
import type { MarketContext } from './market.context.ts';
import { generateHistory } from './market.history.ts';
import { decimalToUnits } from './market.price.ts';
import type { MarketQuotes } from './market.quotes.ts';
import { seededRandom } from './market.random.ts';
import { type CandleRow, marketRepository as repo } from './market.repository.ts';
import type { Cancel } from './market.scheduler.ts';
import { openMsBetween } from './market.session.ts';
import { createSimFeed, spreadAround } from './market.sim.ts';
import { RollingStats, STATS_WINDOW_MS } from './market.stats.ts';
import type { TickStream } from './market.stream.ts';
import type { TickPipeline } from './market.ticks.ts';
import type { MarketFeed } from './market.types.ts';

/** A gap in open market time longer than this after downtime is filled with generated candles. */
const BACKFILL_AFTER_MS = 120_000;

export type MarketLifecycle = ReturnType<typeof createMarketLifecycle>;

/** How long a follower keeps the ticks it heard (a take-over writes them; a fill here may pin one). */
const HEARD_KEEP_MS = 30_000;

export function createMarketLifecycle(
  ctx: MarketContext,
  ticks: TickPipeline,
  { broadcast }: MarketQuotes,
  stream: TickStream | null,
) {
  const { db, clock, options, log, scheduler, quotes, stats, lastTickTs } = ctx;
  const { record, refillIds, flush } = ticks;

  let feed: MarketFeed | null = null;
  let timers: Cancel[] = [];
  let flushTimer: Cancel | null = null;
  let unhear: (() => void) | null = null;
  let running = false;
  let leading = false;

  /**
   * Where each instrument's simulation resumes: its last recorded price (continuity across
   * restarts). With history enabled, a first start also generates candles for every instrument
   * ending at its current price, and a start after downtime fills the gap the same way,
   * continuing from the last recorded price; the simulation then resumes where those end.
   */
  async function prepareHistory(nowMs: number) {
    const resume = new Map<number, { mid: bigint; ts: number }>();
    const generate = options.historyCandles > 0;
    const [last1m, lastTicks] = await Promise.all([repo.latestCandles(db, ['1m']), repo.lastTicks(db)]);
    const candleOf = new Map(last1m.map((c) => [c.instrumentId, c]));
    const tickOf = new Map(lastTicks.map((t) => [t.instrumentId, t]));
    const rows: CandleRow[] = [];
    const started = Date.now();
    for (const inst of ctx.enabled()) {
      const c = candleOf.get(inst.id);
      const t = tickOf.get(inst.id);
      const rng = seededRandom(`${options.seed}:${inst.code}:history:${nowMs}`);
      let result: ReturnType<typeof generateHistory> | null = null;
      if (!c) {
        const price = t ? decimalToUnits(t.price, inst.priceDecimals) : inst.initialUnits;
        if (t) resume.set(inst.id, { mid: price, ts: Math.min(t.ts.getTime(), nowMs) });
        if (generate) {
          result = generateHistory({
            inst,
            to: nowMs,
            anchor: { at: 'end', price },
            count: options.historyCandles,
            rng,
          });
        }
      } else {
        const tickIsNewer = t !== undefined && t.ts.getTime() >= c.openTime;
        const lastMs = Math.min(tickIsNewer ? t.ts.getTime() : c.openTime + PERIOD_MS['1m'], nowMs);
        const price = decimalToUnits(tickIsNewer ? t.price : c.close, inst.priceDecimals);
        resume.set(inst.id, { mid: price, ts: lastMs });
        if (generate && openMsBetween(inst.session, lastMs, nowMs) > BACKFILL_AFTER_MS) {
          result = generateHistory({
            inst,
            from: lastMs,
            to: nowMs,
            anchor: { at: 'start', price },
            count: options.historyCandles,
            rng,
          });
        }
      }
      if (result) {
        for (const k of result.candles) rows.push(ctx.candleRow(k));
        resume.set(inst.id, { mid: result.endPrice, ts: nowMs });
      }
    }
    if (rows.length > 0) {
      const generatedMs = Date.now() - started;
      await db.transaction((tx) => repo.upsertCandles(tx, rows, 'merge'));
      log.info({ candles: rows.length, generatedMs, totalMs: Date.now() - started }, 'market: history generated');
    }
    return resume;
  }

  /** Quotes, current candles and 24 h statistics from what is stored. */
  async function loadState(nowMs: number) {
    const [lastTicks, latest, recent] = await Promise.all([
      repo.lastTicks(db),
      repo.latestCandles(db, K_PERIODS),
      repo.candlesSince(db, '5m', bucketStart(nowMs, '5m') - STATS_WINDOW_MS),
    ]);
    ctx.aggregator = new CandleAggregator();
    const state = (r: CandleRow): CandleState | null => {
      const inst = ctx.byId.get(r.instrumentId);
      if (!inst) return null;
      const d = inst.priceDecimals;
      return {
        instrumentId: r.instrumentId,
        period: r.period,
        openTime: r.openTime,
        open: decimalToUnits(r.open, d),
        high: decimalToUnits(r.high, d),
        low: decimalToUnits(r.low, d),
        close: decimalToUnits(r.close, d),
        volume: decimalToUnits(r.volume, VOLUME_SCALE),
      };
    };
    for (const r of latest) {
      const c = state(r);
      // Only the candle still open continues; an older one is final.
      if (c && c.openTime === bucketStart(nowMs, c.period)) ctx.aggregator.load(c);
    }
    const byInstrument = new Map<number, CandleState[]>();
    for (const r of recent) {
      const c = state(r);
      if (c) byInstrument.set(c.instrumentId, [...(byInstrument.get(c.instrumentId) ?? []), c]);
    }
    for (const inst of ctx.instruments) {
      const s = new RollingStats();
      s.load(byInstrument.get(inst.id) ?? []);
      stats.set(inst.id, s);
    }
    const close1m = new Map(latest.filter((r) => r.period === '1m').map((r) => [r.instrumentId, r]));
    for (const inst of ctx.instruments) {
      const t = lastTicks.find((x) => x.instrumentId === inst.id);
      const c = close1m.get(inst.id);
      if (t && (!c || t.ts.getTime() >= c.openTime)) {
        quotes.set(inst.id, {
          tickId: t.id,
          bid: decimalToUnits(t.bid, inst.priceDecimals),
          ask: decimalToUnits(t.ask, inst.priceDecimals),
          last: decimalToUnits(t.price, inst.priceDecimals),
          ts: t.ts.getTime(),
          source: t.source,
        });
        lastTickTs.set(inst.id, t.ts.getTime());
      } else if (c) {
        // No tick since the newest candle (generated history): a display quote, not tradable.
        const mid = decimalToUnits(c.close, inst.priceDecimals);
        const { bid, ask } = spreadAround(mid, inst);
        quotes.set(inst.id, { tickId: null, bid, ask, last: mid, ts: c.openTime, source: 'sim' });
      }
    }
  }

  function createFeed(resume: Map<number, { mid: bigint; ts: number }>): MarketFeed | null {
    if (options.feed === 'off') return null;
    const live = ctx.enabled();
    const real = options.feed === 'binance' ? live.filter((i) => i.feedSymbol) : [];
    const simulated = live.filter((i) => !real.includes(i));
    const sim = createSimFeed({
      instruments: simulated,
      seed: options.seed,
      clock,
      scheduler,
      tickMs: options.tickMs,
      resume,
      reversionHalfLifeDays: options.reversionHalfLifeDays,
    });
    if (real.length === 0) return sim;
    const binance = createBinanceFeed({
      url: options.feedUrl,
      instruments: real,
      clock,
      scheduler,
      ...options.binance,
      log,
    });
    return combineFeeds([binance, sim]);
  }

  /** This process no longer owns the feed: stops it and writes what is buffered. */
  async function unlead() {
    if (!leading) return;
    leading = false;
    flushTimer?.();
    flushTimer = null;
    await feed?.stop();
    feed = null;
    await Promise.all([ticks.refilling, ticks.pruning]);
    await flush();
    ticks.lead(false);
  }

  return {
    /** Idempotent start-up data: the instrument catalogue (existing rows are left as they are). */
    async seed(exec: Executor) {
      await repo.seedInstruments(exec, CATALOGUE, clock.now());
    },

    /**
     * Every process: loads instruments, quotes, candles and statistics from what is stored, hears
     * the owner's ticks from the stream (when several processes share the work) and pushes quote
     * batches to its own clients. The feed itself starts in `lead`.
     */
    async start() {
      if (running) return;
      running = true;
      await ctx.loadInstruments();
      await loadState(clock.now().getTime());
      if (stream) {
        unhear = stream.subscribe((rows) => ticks.hear(rows));
        await stream.ready();
      }
      timers = [
        scheduler.every(options.broadcastMs, broadcast),
        // A follower keeps what it heard for a while (see ticks.hear), then lets it go.
        scheduler.every(options.flushMs, () => ticks.forgetHeard(clock.now().getTime() - HEARD_KEEP_MS)),
      ];
      log.info({ instruments: ctx.enabled().length }, 'market: started');
    },

    /**
     * This process now owns the feed (its lease): writes the ticks it heard that the last owner may
     * not have flushed, generates missing history, reloads state and starts the feed where the
     * recorded prices left off, numbering ticks from a fresh block of the sequence.
     */
    async lead() {
      if (leading) return;
      leading = true;
      ticks.lead(true, stream ? (row) => stream.publish(row) : null);
      await flush();
      await ctx.loadInstruments();
      await refillIds();
      const nowMs = clock.now().getTime();
      const resume = await prepareHistory(nowMs);
      await loadState(nowMs);
      feed = createFeed(resume);
      feed?.onTick(record);
      await feed?.start();
      flushTimer = scheduler.every(options.flushMs, () => void flush());
      log.info({ feed: feed?.name ?? 'off', instruments: ctx.enabled().length }, 'market: feed owned here');
    },

    unlead,

    /**
     * An operator changed instruments: every process reloads them; the owner of the feed restarts
     * it, so that spreads and the set of live instruments follow at once.
     */
    async reload() {
      await ctx.loadInstruments();
      if (leading) {
        await unlead();
        await this.lead();
      }
    },

    /** Stops the feed (if owned here) and timers and writes what is buffered. Safe to call twice. */
    async stop() {
      if (!running) return;
      running = false;
      await unlead();
      for (const c of timers.splice(0)) c();
      unhear?.();
      unhear = null;
    },

    get feedName(): string {
      return feed?.name ?? 'off';
    },
  };
}
