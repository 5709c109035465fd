/**
 * The feed/tick pipeline: numbers each tick (ids reserved in blocks), buffers it, updates the quote
 * cache, candles and statistics, tells the tick listeners, and flushes ticks and candles to the
 * database; plus ticks from outside the feeds (`publishTick`), pinning, look-up and pruning.
 */
import type { TickSource } from '@openbourse/contracts/market.ts';
import type { Executor } from '../../db/client.ts';
import { type CandleState, VOLUME_SCALE } from './market.aggregator.ts';
import type { MarketContext } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import { decimalToUnits, trimDecimal, unitsToDecimal, unitsToTrimmed } from './market.price.ts';
import { pinMemory } from './market.pins.ts';
import { marketRepository as repo, TICK_ID_BLOCK, type TickRow } from './market.repository.ts';
import type { FeedTick, Instrument, MarketTick, TickListener } from './market.types.ts';

/** Ticks kept in memory when the database cannot take them (beyond this the oldest are dropped). */
const MAX_PENDING_TICKS = 200_000;
const TICK_INSERT_CHUNK = 5000;
const PRUNE_CHUNK = 20_000;

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

export type TickPipeline = ReturnType<typeof createTickPipeline>;

export function createTickPipeline(ctx: MarketContext) {
  const { db, clock, options, log, quotes, stats, lastTickTs, changed } = ctx;

  const pendingTicks = new Map<number, TickRow>();
  const dirtyCandles = new Map<string, CandleState>();
  const tickListeners = new Set<TickListener>();

  let ids = { next: 0, end: 0 };
  let spareBlock: number | null = null;
  let refilling: Promise<void> | null = null;
  let idWarned = false;

  /** Whether this process owns the feed: only the owner numbers ticks. */
  let leading = false;
  /** Where the owner's recorded ticks go besides this process (the tick stream). */
  let outlet: ((row: TickRow) => void) | null = null;

  let flushChain: Promise<void> = Promise.resolve();
  let pruning: Promise<void> | null = null;

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

  /** Buffers a numbered tick for the next flush and updates quote, candles, statistics, listeners. */
  function accept(row: TickRow, inst: Instrument, units: { bid: bigint; ask: bigint; last: bigint; volume: bigint }) {
    pendingTicks.set(row.id, row);
    if (pendingTicks.size > MAX_PENDING_TICKS) {
      const oldest = pendingTicks.keys().next().value as number;
      pendingTicks.delete(oldest);
      log.error({ tickId: oldest }, 'market: tick buffer full, oldest unrecorded tick dropped');
    }
    const ts = row.ts.getTime();
    quotes.set(inst.id, { tickId: row.id, bid: units.bid, ask: units.ask, last: units.last, ts, source: row.source });
    const { updated } = ctx.aggregator.apply({ instrumentId: inst.id, ts, price: units.last, volume: units.volume });
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

  /** Numbers a feed tick (the owner of the feed only), then accepts it and hands it to the outlet. */
  function record(t: FeedTick): MarketTick | null {
    const inst = ctx.byId.get(t.instrumentId);
    if (!inst || !leading) return null;
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
    const tick = accept(row, inst, { bid: t.bid, ask: t.ask, last: t.last, volume: t.volume });
    outlet?.(row);
    return tick;
  }

  /**
   * Ticks the owner of the feed recorded, heard from the stream (a process that does not own the
   * feed). They are kept for `forgetHeard`'s window: a fill here pins one it has not flushed yet,
   * and a process that takes the feed over writes those the last owner may not have.
   */
  function hear(rows: readonly TickRow[]): void {
    if (leading) return;
    for (const row of rows) {
      const inst = ctx.byId.get(row.instrumentId);
      if (!inst) continue;
      const ts = row.ts.getTime();
      lastTickTs.set(inst.id, Math.max(ts, lastTickTs.get(inst.id) ?? 0));
      const d = inst.priceDecimals;
      accept(row, inst, {
        bid: decimalToUnits(row.bid, d),
        ask: decimalToUnits(row.ask, d),
        last: decimalToUnits(row.price, d),
        volume: decimalToUnits(row.volume, VOLUME_SCALE),
      });
    }
  }

  /** Drops heard ticks older than `beforeMs` (a follower's buffer; the owner flushes its own). */
  function forgetHeard(beforeMs: number): void {
    if (leading) return;
    for (const [id, row] of pendingTicks) {
      if (row.ts.getTime() >= beforeMs) break;
      pendingTicks.delete(id);
    }
    dirtyCandles.clear();
  }

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
          candles.map(([, c]) => ctx.candleRow(c)),
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

  // ---------------------------------------------------------------- retention

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

  return {
    record,
    hear,
    forgetHeard,
    refillIds,

    /** Becomes (or stops being) the owner that numbers ticks; `out` hears each recorded tick. */
    lead(on: boolean, out: ((row: TickRow) => void) | null = null) {
      leading = on;
      outlet = on ? out : null;
    },

    get leading(): boolean {
      return leading;
    },
    flush,
    prune,

    /** A tick-id reservation under way, or null. */
    get refilling(): Promise<void> | null {
      return refilling;
    },

    /** A pruning run under way, or null. */
    get pruning(): Promise<void> | null {
      return pruning;
    },

    /** Every recorded tick, in order, as it is recorded (before it is flushed). Returns unsubscribe. */
    subscribe(listener: TickListener): () => void {
      tickListeners.add(listener);
      return () => tickListeners.delete(listener);
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
      await ctx.ensureLoaded();
      // Ticks are numbered by one process: send them to the owner of the feed.
      if (!leading) throw new Error('market: this process does not own the feed');
      if (ids.next >= ids.end && spareBlock === null) await refillIds();
      const inst = ctx.byId.get(input.instrumentId);
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
      // A tick already pinned by a committed fill needs no statement (market.pins.ts); otherwise it
      // is pinned here, in the fill's transaction, and a read outside it learns when a pin committed.
      const pins = pinMemory(ctx);
      let row = pins.get(tickId) ?? null;
      if (!row) {
        pins.confirm(tickId, () => repo.getTick(db, tickId));
        row = await repo.pinTick(exec, tickId, pendingTicks.get(tickId));
      }
      const inst = row ? ctx.byId.get(row.instrumentId) : undefined;
      if (!row || !inst) throw marketErrors.noRecord();
      return toMarketTick(row, inst);
    },

    /**
     * The first tick of an instrument recorded at or after `at`, among the flushed rows (a tick still
     * in memory is not counted: the feed writes every second, in time order), or null.
     */
    async firstTickAtOrAfter(instrumentId: number, at: Date): Promise<MarketTick | null> {
      await ctx.ensureLoaded();
      const inst = ctx.byId.get(instrumentId);
      const row = inst ? await repo.firstTickAtOrAfter(db, instrumentId, at) : null;
      return row && inst ? toMarketTick(row, inst) : null;
    },

    /** A recorded tick by id (from memory while not yet flushed), or null. */
    async getTick(tickId: number): Promise<(MarketTick & { pinned: boolean }) | null> {
      await ctx.ensureLoaded();
      const pending = pendingTicks.get(tickId);
      const row = pending ? { ...pending, pinned: false } : await repo.getTick(db, tickId);
      const inst = row ? ctx.byId.get(row.instrumentId) : undefined;
      return row && inst ? { ...toMarketTick(row, inst), pinned: row.pinned } : null;
    },
  };
}
