/**
 * The quote cache as others read it: a quote with its rolling 24 h figures, the compact quote
 * batches pushed on /message every broadcastMs, and the current tradable price for the trading
 * module (`currentQuote`, `assertTradable`).
 */
import type { Quote, QuoteTick } from '@openbourse/contracts/market.ts';
import { formatDecimal } from '@openbourse/money';
import { VOLUME_SCALE } from './market.aggregator.ts';
import type { LiveQuote, MarketContext, QuoteSnapshot } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import { unitsToDecimal, unitsToTrimmed } from './market.price.ts';
import { isOpen } from './market.session.ts';
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
