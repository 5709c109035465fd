/**
 * `createMarketService({ db, clock, options, log?, stream? })`: composes the market's parts (shared
 * context, tick pipeline, quotes, K-lines, views, start/stop, owning the feed) into the one API other
 * modules call.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketOptions } from './market.config.ts';
import { createMarketContext, type Logger } from './market.context.ts';
import { createMarketEdits } from './market.edits.ts';
import { createMarketKlines } from './market.klines.ts';
import { createMarketLifecycle } from './market.lifecycle.ts';
import { createMarketQuotes } from './market.quotes.ts';
import type { TickStream } from './market.stream.ts';
import { createTickPipeline } from './market.ticks.ts';
import { createMarketViews } from './market.views.ts';

export type { Logger, QuoteSnapshot } from './market.context.ts';
export type { QuoteList } from './market.quotes.ts';
export { toInstrument } from './market.context.ts';

export function createMarketService(deps: {
  db: Db;
  clock: Clock;
  options: MarketOptions;
  log?: Logger;
  /** The tick stream between processes (REDIS_URL); absent → one process owns and hears itself. */
  stream?: TickStream | null;
}) {
  const ctx = createMarketContext(deps);
  const ticks = createTickPipeline(ctx);
  const quotes = createMarketQuotes(ctx);
  const klines = createMarketKlines(ctx);
  const views = createMarketViews(ctx, quotes);
  const lifecycle = createMarketLifecycle(ctx, ticks, quotes, deps.stream ?? null);
  const edits = createMarketEdits(ctx);

  return {
    // Start and stop (market.lifecycle.ts).
    seed: lifecycle.seed,
    start: lifecycle.start,
    stop: lifecycle.stop,
    // Owning the feed (by lease, modules/cluster): numbering ticks and running the feed here.
    lead: lifecycle.lead,
    unlead: lifecycle.unlead,
    // An operator's instrument edit (market.edits.ts), and every process's reload once it is heard.
    editInstrument: edits.edit,
    reloadInstruments: () => lifecycle.reload(),
    get leading(): boolean {
      return ticks.leading;
    },

    // Writing and pruning ticks (market.ticks.ts).
    flush: ticks.flush,
    prune: ticks.prune,

    get feedName(): string {
      return lifecycle.feedName;
    },

    // Instruments (market.views.ts) and the tradable quote (market.quotes.ts).
    getInstrument: views.getInstrument,
    listInstruments: views.listInstruments,
    currentQuote: quotes.currentQuote,
    assertTradable: quotes.assertTradable,

    // Listening to ticks and quote batches; ticks from outside the feeds, pinned, looked up.
    subscribe: ticks.subscribe,
    onQuoteBatch: quotes.onQuoteBatch,
    publishTick: ticks.publishTick,
    pinTick: ticks.pinTick,
    getTick: ticks.getTick,
    firstTickAtOrAfter: ticks.firstTickAtOrAfter,

    // The public market calls (market.views.ts, market.klines.ts) and the home page's figures.
    listByType: views.listByType,
    quoteList: views.quoteList,
    marketInfo: views.marketInfo,
    candles: klines.candles,
    homeSources: views.homeSources,
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
