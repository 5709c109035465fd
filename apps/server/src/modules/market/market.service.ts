import {
  type Candle,
  K_PERIODS,
  type KPeriod,
  type MarketInfo,
  PERIOD_MS,
  type Quote,
  type QuoteTick,
  type TickSource,
} from '@openbourse/contracts/market.ts';
import { formatDecimal, formatFixed, mul, parseFixed } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HomeSources } from '../home/home.service.ts';
import { bucketStart, CandleAggregator, type CandleState, VOLUME_SCALE } from './market.aggregator.ts';
import { combineFeeds, createBinanceFeed } from './market.binance.ts';
import { type AssetClass, CATALOGUE } from './market.catalogue.ts';
import type { MarketOptions } from './market.config.ts';
import { marketErrors } from './market.errors.ts';
import { generateHistory } from './market.history.ts';
import { decimalToUnits, decimalsOf, trimDecimal, unitsToDecimal, unitsToTrimmed } from './market.price.ts';
import { seededRandom } from './market.random.ts';
import {
  type CandleRow,
  type InstrumentRow,
  marketRepository as repo,
  TICK_ID_BLOCK,
  type TickRow,
} from './market.repository.ts';
import { type Cancel, realScheduler } from './market.scheduler.ts';
import { isOpen, nextSessionChange, openMsBetween } from './market.session.ts';
import { createSimFeed, spreadAround } from './market.sim.ts';
import { changeOf, RollingStats, STATS_WINDOW_MS } from './market.stats.ts';
import type { FeedTick, Instrument, MarketFeed, MarketTick, TickListener } from './market.types.ts';

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/** The price of an instrument now, as the trading module fills against it. */
export interface QuoteSnapshot {
  /** The recorded tick this quote comes from (reference it as a fill's price source). */
  tickId: number;
  instrumentId: number;
  bid: string;
  ask: string;
  last: string;
  ts: Date;
  source: TickSource;
  priceDecimals: number;
  bidUnits: bigint;
  askUnits: bigint;
  lastUnits: bigint;
}

interface LiveQuote {
  tickId: number | null;
  bid: bigint;
  ask: bigint;
  last: bigint;
  ts: number;
  source: TickSource;
}

/** A gap in open market time longer than this after downtime is filled with generated candles. */
const BACKFILL_AFTER_MS = 120_000;
/** Ticks kept in memory when the database cannot take them (beyond this the oldest are dropped). */
const MAX_PENDING_TICKS = 200_000;
const TICK_INSERT_CHUNK = 5000;
const PRUNE_CHUNK = 20_000;

export function toInstrument(row: InstrumentRow): Instrument {
  const priceDecimals = row.priceDecimals;
  const tickSize = trimDecimal(row.tickSize);
  const contractSize = trimDecimal(row.contractSize);
  const lotStep = trimDecimal(row.lotStep);
  const lotUnits = mul(parseFixed(lotStep, decimalsOf(lotStep)), parseFixed(contractSize, decimalsOf(contractSize)));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    assetClass: row.assetClass as AssetClass,
    base: row.base,
    quote: row.quote,
    quoteToUsdt: row.quoteToUsdt as 'direct' | 'inverse',
    tickSize,
    contractSize,
    lotStep,
    minLots: trimDecimal(row.minLots),
    maxLots: trimDecimal(row.maxLots),
    maxLeverage: row.maxLeverage,
    feeRate: trimDecimal(row.feeRate),
    priceDecimals,
    session: row.session,
    volatility: trimDecimal(row.volatility),
    initialPrice: unitsToDecimal(decimalToUnits(row.initialPrice, priceDecimals), priceDecimals),
    spreadRate: trimDecimal(row.spreadRate),
    dailyVolume: trimDecimal(row.dailyVolume),
    feedSymbol: row.feedSymbol,
    enabled: row.enabled,
    sort: row.sort,
    tickUnits: decimalToUnits(row.tickSize, priceDecimals),
    initialUnits: decimalToUnits(row.initialPrice, priceDecimals),
    spreadRateUnits: decimalToUnits(row.spreadRate, 8),
    dailyVolumeUnits: decimalToUnits(row.dailyVolume, VOLUME_SCALE),
    qtyDecimals: decimalsOf(formatFixed(lotUnits, { trim: true })),
  };
}

export function createMarketService(deps: { db: Db; clock: Clock; options: MarketOptions; log?: Logger }) {
  const { db, clock, options } = deps;
  const log = deps.log ?? silent;
  const scheduler = options.scheduler ?? realScheduler;

  let instruments: Instrument[] = [];
  let byId = new Map<number, Instrument>();
  let byCode = new Map<string, Instrument>();
  let loading: Promise<void> | null = null;

  const quotes = new Map<number, LiveQuote>();
  const stats = new Map<number, RollingStats>();
  const lastTickTs = new Map<number, number>();
  let aggregator = new CandleAggregator();
  const pendingTicks = new Map<number, TickRow>();
  const dirtyCandles = new Map<string, CandleState>();
  const changed = new Set<number>();
  const tickListeners = new Set<TickListener>();
  const batchListeners = new Set<(json: string, batch: QuoteTick[]) => void>();

  let ids = { next: 0, end: 0 };
  let spareBlock: number | null = null;
  let refilling: Promise<void> | null = null;
  let idWarned = false;

  let feed: MarketFeed | null = null;
  let timers: Cancel[] = [];
  let running = false;
  let flushChain: Promise<void> = Promise.resolve();
  let pruning: Promise<void> | null = null;

  // ---------------------------------------------------------------- instruments

  async function loadInstruments() {
    const rows = await repo.listInstruments(db);
    instruments = rows.map(toInstrument);
    byId = new Map(instruments.map((i) => [i.id, i]));
    byCode = new Map(instruments.map((i) => [i.code, i]));
    for (const i of instruments) if (!stats.has(i.id)) stats.set(i.id, new RollingStats());
  }

  async function ensureLoaded() {
    if (instruments.length > 0) return;
    loading ??= loadInstruments().finally(() => {
      loading = null;
    });
    await loading;
  }

  function find(idOrCode: number | string): Instrument | undefined {
    if (typeof idOrCode === 'number') return byId.get(idOrCode);
    if (/^\d{1,9}$/.test(idOrCode)) return byId.get(Number(idOrCode));
    return byCode.get(idOrCode.toUpperCase());
  }

  const enabled = () => instruments.filter((i) => i.enabled);

  // ---------------------------------------------------------------- tick ids

  function refillIds(): Promise<void> {
    refilling ??= repo
      .reserveTickIds(db)
      .then((first) => {
        if (ids.next >= ids.end) ids = { next: first, end: first + TICK_ID_BLOCK };
        else spareBlock = first;
      })
      .catch((err) => log.error({ err }, 'market: could not reserve tick ids'))
      .finally(() => {
        refilling = null;
      });
    return refilling;
  }

  function takeId(): number | null {
    if (ids.next >= ids.end && spareBlock !== null) {
      ids = { next: spareBlock, end: spareBlock + TICK_ID_BLOCK };
      spareBlock = null;
    }
    if (ids.next >= ids.end) {
      void refillIds();
      return null;
    }
    const id = ids.next++;
    if (spareBlock === null && ids.end - ids.next < TICK_ID_BLOCK / 2) void refillIds();
    return id;
  }

  // ---------------------------------------------------------------- recording

  function toMarketTick(row: TickRow, inst: Instrument): MarketTick {
    const bidUnits = decimalToUnits(row.bid, inst.priceDecimals);
    const askUnits = decimalToUnits(row.ask, inst.priceDecimals);
    const lastUnits = decimalToUnits(row.price, inst.priceDecimals);
    return {
      id: row.id,
      instrumentId: inst.id,
      code: inst.code,
      ts: row.ts,
      bid: unitsToDecimal(bidUnits, inst.priceDecimals),
      ask: unitsToDecimal(askUnits, inst.priceDecimals),
      last: unitsToDecimal(lastUnits, inst.priceDecimals),
      volume: trimDecimal(row.volume),
      source: row.source,
      priceDecimals: inst.priceDecimals,
      bidUnits,
      askUnits,
      lastUnits,
    };
  }

  /** Numbers a feed tick, buffers it for the next flush, updates quote, candles and listeners. */
  function record(t: FeedTick): MarketTick | null {
    const inst = byId.get(t.instrumentId);
    if (!inst) return null;
    const id = takeId();
    if (id === null) {
      if (!idWarned) log.warn({}, 'market: no tick ids reserved yet, dropping ticks');
      idWarned = true;
      return null;
    }
    idWarned = false;
    const ts = Math.max(t.ts, lastTickTs.get(inst.id) ?? 0);
    lastTickTs.set(inst.id, ts);
    const row: TickRow = {
      id,
      instrumentId: inst.id,
      ts: new Date(ts),
      bid: unitsToDecimal(t.bid, inst.priceDecimals),
      ask: unitsToDecimal(t.ask, inst.priceDecimals),
      price: unitsToDecimal(t.last, inst.priceDecimals),
      volume: unitsToTrimmed(t.volume, VOLUME_SCALE),
      source: t.source,
    };
    pendingTicks.set(id, row);
    if (pendingTicks.size > MAX_PENDING_TICKS) {
      const oldest = pendingTicks.keys().next().value as number;
      pendingTicks.delete(oldest);
      log.error({ tickId: oldest }, 'market: tick buffer full, oldest unrecorded tick dropped');
    }
    quotes.set(inst.id, { tickId: id, bid: t.bid, ask: t.ask, last: t.last, ts, source: t.source });
    const { updated } = aggregator.apply({ instrumentId: inst.id, ts, price: t.last, volume: t.volume });
    for (const c of updated) {
      dirtyCandles.set(`${c.instrumentId}:${c.period}:${c.openTime}`, c);
      if (c.period === '5m') stats.get(inst.id)?.update(c);
    }
    changed.add(inst.id);
    const tick = toMarketTick(row, inst);
    for (const l of tickListeners) {
      try {
        l(tick);
      } catch (err) {
        log.error({ err }, 'market: tick listener failed');
      }
    }
    return tick;
  }

  const candleRow = (c: CandleState): CandleRow => {
    const d = byId.get(c.instrumentId)?.priceDecimals ?? 12;
    return {
      instrumentId: c.instrumentId,
      period: c.period,
      openTime: c.openTime,
      open: unitsToDecimal(c.open, d),
      high: unitsToDecimal(c.high, d),
      low: unitsToDecimal(c.low, d),
      close: unitsToDecimal(c.close, d),
      volume: unitsToTrimmed(c.volume, VOLUME_SCALE),
    };
  };

  async function doFlush() {
    const ticks = [...pendingTicks.values()];
    const candles = [...dirtyCandles.entries()];
    dirtyCandles.clear();
    if (ticks.length === 0 && candles.length === 0) return;
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < ticks.length; i += TICK_INSERT_CHUNK) {
          await repo.insertTicks(tx, ticks.slice(i, i + TICK_INSERT_CHUNK));
        }
        await repo.upsertCandles(
          tx,
          candles.map(([, c]) => candleRow(c)),
          'absolute',
        );
      });
      for (const t of ticks) pendingTicks.delete(t.id);
    } catch (err) {
      log.error({ err, ticks: ticks.length, candles: candles.length }, 'market: flush failed, will retry');
      // Newer candle states that arrived meanwhile win over the ones that failed to write.
      for (const [k, c] of candles) if (!dirtyCandles.has(k)) dirtyCandles.set(k, c);
    }
  }

  /**
   * Writes buffered ticks and candles now (one multi-row insert each); flushes never overlap.
   * Also waits for a tick-id reservation under way, so a caller that awaits it sees a settled feed.
   */
  async function flush(): Promise<void> {
    flushChain = flushChain.then(doFlush, doFlush);
    await Promise.all([flushChain, refilling]);
  }

  // ---------------------------------------------------------------- quotes

  function liveQuote(inst: Instrument): LiveQuote {
    const q = quotes.get(inst.id);
    if (q) return q;
    const mid = inst.initialUnits;
    const { bid, ask } = spreadAround(mid, inst);
    return { tickId: null, bid, ask, last: mid, ts: 0, source: 'sim' };
  }

  function quoteOf(inst: Instrument, nowMs: number): Quote {
    const q = liveQuote(inst);
    const d = inst.priceDecimals;
    const st = (stats.get(inst.id) ?? new RollingStats()).snapshot(nowMs, q.last);
    const ch = changeOf(q.last, st.open);
    return {
      id: inst.id,
      code: inst.code,
      name: inst.name,
      type: inst.type,
      last: unitsToDecimal(q.last, d),
      bid: unitsToDecimal(q.bid, d),
      ask: unitsToDecimal(q.ask, d),
      change: unitsToDecimal(ch.change, d),
      changePct: formatDecimal(ch.pctHundredths, 2),
      high: unitsToDecimal(st.high, d),
      low: unitsToDecimal(st.low, d),
      volume: unitsToTrimmed(st.volume, VOLUME_SCALE),
      ts: q.ts,
      open: isOpen(inst.session, nowMs),
      simulated: q.source !== 'binance',
      priceDecimals: d,
    };
  }

  function compact(q: Quote): QuoteTick {
    return {
      id: q.id,
      code: q.code,
      last: q.last,
      bid: q.bid,
      ask: q.ask,
      change: q.change,
      changePct: q.changePct,
      high: q.high,
      low: q.low,
      volume: q.volume,
      ts: q.ts,
    };
  }

  function broadcast() {
    if (changed.size === 0) return;
    const now = clock.now().getTime();
    const batch: QuoteTick[] = [];
    for (const id of changed) {
      const inst = byId.get(id);
      if (inst?.enabled) batch.push(compact(quoteOf(inst, now)));
    }
    changed.clear();
    if (batch.length === 0) return;
    // Serialised once; every client gets the same string.
    const json = JSON.stringify(batch);
    for (const l of batchListeners) {
      try {
        l(json, batch);
      } catch (err) {
        log.error({ err }, 'market: quote batch listener failed');
      }
    }
  }

  // ---------------------------------------------------------------- start-up

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
    for (const inst of enabled()) {
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
        for (const k of result.candles) rows.push(candleRow(k));
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
    aggregator = new CandleAggregator();
    const state = (r: CandleRow): CandleState | null => {
      const inst = byId.get(r.instrumentId);
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
      if (c && c.openTime === bucketStart(nowMs, c.period)) aggregator.load(c);
    }
    const byInstrument = new Map<number, CandleState[]>();
    for (const r of recent) {
      const c = state(r);
      if (c) byInstrument.set(c.instrumentId, [...(byInstrument.get(c.instrumentId) ?? []), c]);
    }
    for (const inst of instruments) {
      const s = new RollingStats();
      s.load(byInstrument.get(inst.id) ?? []);
      stats.set(inst.id, s);
    }
    const close1m = new Map(latest.filter((r) => r.period === '1m').map((r) => [r.instrumentId, r]));
    for (const inst of instruments) {
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
    const live = enabled();
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

  async function prune() {
    if (options.tickRetentionHours <= 0 || pruning) return;
    const cutoff = new Date(clock.now().getTime() - options.tickRetentionHours * 3_600_000);
    // The newest tick of each instrument stays: it is the quote a closed market shows.
    const keep = new Set([...quotes.values()].map((q) => q.tickId));
    pruning = (async () => {
      let total = 0;
      for (let i = 0; i < 100; i++) {
        const n = await repo.pruneTicks(db, cutoff, PRUNE_CHUNK, keep);
        total += n;
        if (n < PRUNE_CHUNK) break;
      }
      if (total > 0) log.info({ deleted: total, before: cutoff.toISOString() }, 'market: old ticks pruned');
    })()
      .catch((err) => log.error({ err }, 'market: pruning failed'))
      .finally(() => {
        pruning = null;
      });
    await pruning;
  }

  // ---------------------------------------------------------------- the service

  return {
    /** Idempotent start-up data: the instrument catalogue (existing rows are left as they are). */
    async seed(exec: Executor) {
      await repo.seedInstruments(exec, CATALOGUE, clock.now());
    },

    /** Loads state, generates missing history, starts the feed and the flush/broadcast/prune timers. */
    async start() {
      if (running) return;
      running = true;
      await loadInstruments();
      await refillIds();
      const nowMs = clock.now().getTime();
      const resume = await prepareHistory(nowMs);
      await loadState(nowMs);
      feed = createFeed(resume);
      feed?.onTick(record);
      await feed?.start();
      timers = [
        scheduler.every(options.flushMs, () => void flush()),
        scheduler.every(options.broadcastMs, broadcast),
        scheduler.every(options.pruneEveryMs, () => void prune()),
      ];
      log.info({ feed: feed?.name ?? 'off', instruments: enabled().length }, 'market: started');
    },

    /** Stops the feed and timers and writes what is buffered. Safe to call twice. */
    async stop() {
      if (!running) return;
      running = false;
      for (const c of timers.splice(0)) c();
      await feed?.stop();
      feed = null;
      await Promise.all([refilling, pruning]);
      await flush();
    },

    flush,
    prune,

    get feedName(): string {
      return feed?.name ?? 'off';
    },

    /** An instrument by id or code (enabled or not); 80005 when there is none. */
    async getInstrument(idOrCode: number | string): Promise<Instrument> {
      await ensureLoaded();
      const inst = find(idOrCode);
      if (!inst) throw marketErrors.noRecord();
      return inst;
    },

    async listInstruments(): Promise<Instrument[]> {
      await ensureLoaded();
      return enabled();
    },

    /** The latest recorded tick of an instrument, or null before its first tick. */
    currentQuote(instrumentId: number): QuoteSnapshot | null {
      const q = quotes.get(instrumentId);
      const inst = byId.get(instrumentId);
      if (!q || q.tickId === null || !inst) return null;
      const d = inst.priceDecimals;
      return {
        tickId: q.tickId,
        instrumentId,
        bid: unitsToDecimal(q.bid, d),
        ask: unitsToDecimal(q.ask, d),
        last: unitsToDecimal(q.last, d),
        ts: new Date(q.ts),
        source: q.source,
        priceDecimals: d,
        bidUnits: q.bid,
        askUnits: q.ask,
        lastUnits: q.last,
      };
    },

    /** Throws 80005 (unknown) or 10015 (disabled, session closed, no price, stale exchange price). */
    async assertTradable(instrumentId: number, now: Date = clock.now()): Promise<Instrument> {
      await ensureLoaded();
      const inst = byId.get(instrumentId);
      if (!inst) throw marketErrors.noRecord();
      if (!inst.enabled || !isOpen(inst.session, now)) throw marketErrors.notTradable();
      const q = quotes.get(inst.id);
      if (!q || q.tickId === null) throw marketErrors.notTradable();
      if (q.source === 'binance' && now.getTime() - q.ts > options.staleQuoteMs) throw marketErrors.notTradable();
      return inst;
    },

    /** Every recorded tick, in order, as it is recorded (before it is flushed). Returns unsubscribe. */
    subscribe(listener: TickListener): () => void {
      tickListeners.add(listener);
      return () => tickListeners.delete(listener);
    },

    /** Each quote batch for /message: the serialised string (send as is) and the objects. */
    onQuoteBatch(listener: (json: string, batch: QuoteTick[]) => void): () => void {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },

    /**
     * Records a tick from outside the feeds (tests, operator tools). Prices must be positive, on
     * the tick grid, bid ≤ ask; `last` defaults to the mid rounded to the grid.
     */
    async publishTick(input: {
      instrumentId: number;
      bid: string;
      ask: string;
      last?: string;
      volume?: string;
      source?: TickSource;
    }): Promise<MarketTick> {
      await ensureLoaded();
      if (ids.next >= ids.end && spareBlock === null) await refillIds();
      const inst = byId.get(input.instrumentId);
      if (!inst) throw marketErrors.noRecord();
      const parse = (v: string, field: string) => {
        let u: bigint;
        try {
          u = decimalToUnits(v, inst.priceDecimals);
        } catch {
          throw marketErrors.invalid(field);
        }
        if (u <= 0n || u % inst.tickUnits !== 0n || unitsToTrimmed(u, inst.priceDecimals) !== trimDecimal(v)) {
          throw marketErrors.invalid(field);
        }
        return u;
      };
      const bid = parse(input.bid, 'bid');
      const ask = parse(input.ask, 'ask');
      if (bid > ask) throw marketErrors.invalid('ask');
      const last =
        input.last === undefined ? ((bid + ask) / 2n / inst.tickUnits) * inst.tickUnits : parse(input.last, 'last');
      let volume = 0n;
      if (input.volume !== undefined) {
        try {
          volume = decimalToUnits(input.volume, VOLUME_SCALE);
        } catch {
          throw marketErrors.invalid('volume');
        }
        if (volume < 0n) throw marketErrors.invalid('volume');
      }
      const tick = record({
        instrumentId: inst.id,
        ts: clock.now().getTime(),
        bid,
        ask,
        last,
        volume,
        source: input.source ?? 'manual',
      });
      if (!tick) throw new Error('market: no tick id available');
      return tick;
    },

    /**
     * Keeps a tick forever (a fill references it). Call inside the transaction that records the
     * fill: the tick row is written there if the feed has not flushed it yet. 80005 if unknown.
     */
    async pinTick(exec: Executor, tickId: number): Promise<MarketTick> {
      const row = await repo.pinTick(exec, tickId, pendingTicks.get(tickId));
      const inst = row ? byId.get(row.instrumentId) : undefined;
      if (!row || !inst) throw marketErrors.noRecord();
      return toMarketTick(row, inst);
    },

    /** A recorded tick by id (from memory while not yet flushed), or null. */
    async getTick(tickId: number): Promise<(MarketTick & { pinned: boolean }) | null> {
      await ensureLoaded();
      const pending = pendingTicks.get(tickId);
      const row = pending ? { ...pending, pinned: false } : await repo.getTick(db, tickId);
      const inst = row ? byId.get(row.instrumentId) : undefined;
      return row && inst ? { ...toMarketTick(row, inst), pinned: row.pinned } : null;
    },

    /** Quotes of one market type (1–5), in catalogue order. */
    async listByType(type: number): Promise<Quote[]> {
      await ensureLoaded();
      const now = clock.now().getTime();
      return enabled()
        .filter((i) => i.type === type)
        .map((i) => quoteOf(i, now));
    },

    /** Spec, session state and quote of an enabled instrument (by id or code); 80005 otherwise. */
    async marketInfo(idOrCode: number | string): Promise<MarketInfo> {
      await ensureLoaded();
      const inst = find(idOrCode);
      if (!inst?.enabled) throw marketErrors.noRecord();
      const now = clock.now().getTime();
      return {
        id: inst.id,
        code: inst.code,
        name: inst.name,
        type: inst.type,
        assetClass: inst.assetClass,
        baseCurrency: inst.base,
        quoteCurrency: inst.quote,
        quoteToUsdt: inst.quoteToUsdt,
        tickSize: inst.tickSize,
        contractSize: inst.contractSize,
        lotStep: inst.lotStep,
        minLots: inst.minLots,
        maxLots: inst.maxLots,
        maxLeverage: inst.maxLeverage,
        feeRate: inst.feeRate,
        priceDecimals: inst.priceDecimals,
        volatility: inst.volatility,
        session: inst.session,
        feed: options.feed === 'binance' && inst.feedSymbol ? 'binance' : 'sim',
        open: isOpen(inst.session, now),
        nextSessionChange: nextSessionChange(inst.session, now),
        quote: quoteOf(inst, now),
      };
    },

    /**
     * K-lines of an enabled instrument: the latest `limit` (default 300, ≤ 1000) candles with
     * openTime in [from, to] (default: everything up to now), oldest first, the current candle live.
     */
    async candles(q: { code: string; period: KPeriod; from?: number; to?: number; limit?: number }): Promise<Candle[]> {
      await ensureLoaded();
      const inst = find(q.code);
      if (!inst?.enabled || /^\d+$/.test(q.code)) throw marketErrors.noRecord();
      const toMs = q.to ?? clock.now().getTime();
      const fromMs = q.from ?? 0;
      if (fromMs > toMs) throw marketErrors.invalid('from');
      const limit = q.limit ?? 300;
      const rows = await repo.candles(db, { instrumentId: inst.id, period: q.period, fromMs, toMs, limit });
      const d = inst.priceDecimals;
      const out: Candle[] = rows.map((r) => ({
        openTime: r.openTime,
        open: unitsToDecimal(decimalToUnits(r.open, d), d),
        high: unitsToDecimal(decimalToUnits(r.high, d), d),
        low: unitsToDecimal(decimalToUnits(r.low, d), d),
        close: unitsToDecimal(decimalToUnits(r.close, d), d),
        volume: trimDecimal(r.volume),
      }));
      // The candle still forming is served from memory (the stored copy may be a second old).
      const live = aggregator.current(inst.id, q.period);
      if (live && live.openTime >= fromMs && live.openTime <= toMs) {
        const c = candleRow(live);
        const fresh: Candle = {
          openTime: c.openTime,
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
        };
        const lastOut = out[out.length - 1];
        if (lastOut?.openTime === live.openTime) out[out.length - 1] = fresh;
        else if (!lastOut || lastOut.openTime < live.openTime) out.push(fresh);
      }
      return out.slice(-limit);
    },

    /**
     * The home page's market figures. Listed instruments: enabled instruments. 24 h volume: the
     * traded notional the trading module reports through `tradedVolume24hUsdt`; until one is
     * given it is "0" (no trades, nothing to count — the feed's simulated volume is not ours).
     */
    homeSources(seams: { tradedVolume24hUsdt?: () => Promise<string> } = {}): HomeSources {
      return {
        listedInstruments: () => repo.countEnabled(db),
        volume24hUsdt: seams.tradedVolume24hUsdt ?? (async () => '0'),
      };
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
