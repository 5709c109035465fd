/**
 * The quote cache as others read it: a quote with its rolling 24 h figures, each market type's
 * quote list as a snapshot serialised once (`quoteList`), the compact quote batches pushed on
 * /message every broadcastMs, and the current tradable price for the trading module
 * (`currentQuote`, `assertTradable`).
 */
import type { Quote, QuoteTick } from '@openbourse/contracts/market.ts';
import { formatDecimal } from '@openbourse/money';
import { VOLUME_SCALE } from './market.aggregator.ts';
import type { LiveQuote, MarketContext, QuoteSnapshot } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import { unitsToDecimal, unitsToTrimmed } from './market.price.ts';
import { isOpen, nextSessionChange } from './market.session.ts';
import { spreadAround } from './market.sim.ts';
import { changeOf, RollingStats } from './market.stats.ts';
import type { Instrument } from './market.types.ts';

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

/** One market type's quotes as listed now, and their JSON (what `z.array(Quote)` serialises to). */
export interface QuoteList {
  readonly type: number;
  readonly quotes: readonly Quote[];
  readonly json: string;
}

/** A computed list and what it was computed from: it stands while none of that changes. */
interface CachedList {
  list: QuoteList;
  /** ctx.instruments when computed (a reload replaces the array). */
  instruments: readonly Instrument[];
  members: Instrument[];
  /** The live quote and statistics objects read (a tick replaces the quote; a reload both). */
  quotes: (LiveQuote | undefined)[];
  stats: (RollingStats | undefined)[];
  /** The answer is the same for any time in [from, until]: sessions and 24 h windows move on after. */
  from: number;
  until: number;
}

export type MarketQuotes = ReturnType<typeof createMarketQuotes>;

export function createMarketQuotes(ctx: MarketContext) {
  const { clock, options, log, quotes, stats, changed } = ctx;
  const batchListeners = new Set<(json: string, batch: QuoteTick[]) => void>();

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

  const lists = new Map<number, CachedList>();

  function unchanged(c: CachedList, now: number): boolean {
    if (c.instruments !== ctx.instruments || now < c.from || now > c.until) return false;
    for (let i = 0; i < c.members.length; i++) {
      const id = (c.members[i] as Instrument).id;
      if (quotes.get(id) !== c.quotes[i] || stats.get(id) !== c.stats[i]) return false;
    }
    return true;
  }

  /**
   * The enabled instruments of one market type with their quotes, in catalogue order, computed and
   * serialised once for as long as the answer stays the same: until a tick (or a reload) replaces
   * one of their quotes, a session opens or closes, or a candle leaves a 24 h window. Exactly what
   * computing it afresh would answer, at a fraction of the cost for every request in between.
   */
  function quoteList(type: number): QuoteList {
    const now = clock.now().getTime();
    const hit = lists.get(type);
    if (hit && unchanged(hit, now)) return hit.list;
    const instruments = ctx.instruments;
    const members = instruments.filter((i) => i.enabled && i.type === type);
    let until = Number.POSITIVE_INFINITY;
    for (const inst of members) {
      until = Math.min(until, (stats.get(inst.id) ?? new RollingStats()).stableUntil(now));
      const change = nextSessionChange(inst.session, now);
      if (change !== null) until = Math.min(until, change - 1);
    }
    const list = members.map((i) => quoteOf(i, now));
    const cached: CachedList = {
      list: { type, quotes: list, json: JSON.stringify(list) },
      instruments,
      members,
      quotes: members.map((i) => quotes.get(i.id)),
      stats: members.map((i) => stats.get(i.id)),
      from: now,
      until,
    };
    lists.set(type, cached);
    return cached.list;
  }

  function broadcast() {
    if (changed.size === 0) return;
    const now = clock.now().getTime();
    const batch: QuoteTick[] = [];
    for (const id of changed) {
      const inst = ctx.byId.get(id);
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

  return {
    quoteOf,
    quoteList,
    broadcast,

    /** The latest recorded tick of an instrument, or null before its first tick. */
    currentQuote(instrumentId: number): QuoteSnapshot | null {
      const q = quotes.get(instrumentId);
      const inst = ctx.byId.get(instrumentId);
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
      await ctx.ensureLoaded();
      const inst = ctx.byId.get(instrumentId);
      if (!inst) throw marketErrors.noRecord();
      if (!inst.enabled || !isOpen(inst.session, now)) throw marketErrors.notTradable();
      const q = quotes.get(inst.id);
      if (!q || q.tickId === null) throw marketErrors.notTradable();
      if (q.source === 'binance' && now.getTime() - q.ts > options.staleQuoteMs) throw marketErrors.notTradable();
      return inst;
    },

    /** Each quote batch for /message: the serialised string (send as is) and the objects. */
    onQuoteBatch(listener: (json: string, batch: QuoteTick[]) => void): () => void {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
  };
}
