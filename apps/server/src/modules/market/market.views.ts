/**
 * The market as the public pages read it: instruments, quotes by market type (also as a
 * pre-serialised snapshot, `quoteList`), one instrument's spec and session state (`marketInfo`),
 * and the home page's market figures.
 */
import { stopDistanceTicks } from '@openbourse/engine';
import { unitsToDecimal } from './market.price.ts';
import type { MarketInfo, Quote } from '@openbourse/contracts/market.ts';
import type { HomeSources } from '../home/home.service.ts';
import type { MarketContext } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import type { MarketQuotes, QuoteList } from './market.quotes.ts';
import { marketRepository as repo } from './market.repository.ts';
import { isOpen, nextSessionChange } from './market.session.ts';
import type { Instrument } from './market.types.ts';

export type MarketViews = ReturnType<typeof createMarketViews>;

export function createMarketViews(ctx: MarketContext, { quoteOf, quoteList }: MarketQuotes) {
  const { db, clock, options } = ctx;

  return {
    /** An instrument by id or code (enabled or not); 80005 when there is none. */
    async getInstrument(idOrCode: number | string): Promise<Instrument> {
      await ctx.ensureLoaded();
      const inst = ctx.find(idOrCode);
      if (!inst) throw marketErrors.noRecord();
      return inst;
    },

    async listInstruments(): Promise<Instrument[]> {
      await ctx.ensureLoaded();
      return ctx.enabled();
    },

    /** Quotes of one market type (1–5), in catalogue order. */
    async listByType(type: number): Promise<Quote[]> {
      await ctx.ensureLoaded();
      // Copies: the snapshot is shared by every request until it changes.
      return quoteList(type).quotes.map((q) => ({ ...q }));
    },

    /**
     * The same quotes as one shared snapshot with their JSON, computed once per change (a new
     * quote, a session opening or closing, a candle leaving the 24 h window); read-only.
     */
    async quoteList(type: number): Promise<QuoteList> {
      await ctx.ensureLoaded();
      return quoteList(type);
    },

    /** Spec, session state and quote of an enabled instrument (by id or code); 80005 otherwise. */
    async marketInfo(idOrCode: number | string): Promise<MarketInfo> {
      await ctx.ensureLoaded();
      const inst = ctx.find(idOrCode);
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
        stopDistance: unitsToDecimal(stopDistanceTicks(inst.stopsLevel) * inst.tickUnits, inst.priceDecimals),
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
