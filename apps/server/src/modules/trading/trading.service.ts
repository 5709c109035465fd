/**
 * `createTradingService({ db, clock, ledger, market, params, options, log, publicIds })`: composes
 * the margin-trading parts (shared context, events, views, settlement, placement, changes) into the
 * one API the routes and other modules call, and wires the trigger runner to the settlement.
 */
import type { Executor } from '../../db/client.ts';
import { createTradingChanges } from './trading.changes.ts';
import { createTradingContext, entryOf, type TradingDeps } from './trading.context.ts';
import { createTradingEvents } from './trading.events.ts';
import { createTradingPlacement } from './trading.placement.ts';
import { quoteTicks } from './trading.pricing.ts';
import { tradingRepository as repo } from './trading.repository.ts';
import { createTriggerRunner, type RunnerEntry, type TriggerRunner } from './trading.runner.ts';
import { createTradingSettlement } from './trading.settlement.ts';
import { createTradingViews } from './trading.views.ts';

export type { Logger, TradingDeps, TradingOptions } from './trading.context.ts';
export { DEFAULT_TRADING_OPTIONS, holdKeys, TRADING_CODES, tradingOptionsFromEnv } from './trading.context.ts';

export function createTradingService(deps: TradingDeps) {
  const ctx = createTradingContext(deps);
  const { db, market, options, log, instruments, instrument } = ctx;
  const events = createTradingEvents(ctx);
  const views = createTradingViews(ctx);
  const settlement = createTradingSettlement(ctx, events);

  const runner: TriggerRunner = createTriggerRunner({
    subscribe: (listener) => market.subscribe(listener),
    async loadAll() {
      const rows = await repo.liveOrders(db);
      const out: RunnerEntry[] = [];
      for (const row of rows) {
        const inst = await instrument(row.instrumentId);
        out.push(entryOf(inst, row, Math.max(row.placedTickId, row.entryTickId ?? 0)));
      }
      return out;
    },
    async loadOne(orderId, afterTickId) {
      const row = await repo.findOrder(db, orderId);
      if (!row) return null;
      return entryOf(await instrument(row.instrumentId), row, afterTickId);
    },
    quoteOf(tick) {
      const inst = instruments.get(tick.instrumentId);
      return inst ? quoteTicks(inst, tick) : null;
    },
    settle: settlement.settleFired,
    log,
  });

  // Changes made by any process reach the runner from the bus (those made here are applied directly,
  // and their echo is ignored by version).
  events.onOrderEvent((e) => {
    if (!runner.running) return;
    instrument(e.trigger.instrumentId)
      .then((inst) => runner.heard(entryOf(inst, e.trigger, e.trigger.afterTickId)))
      .catch((err: unknown) =>
        log.error({ err, orderId: e.trigger.id }, 'trading: heard an order of an unknown instrument'),
      );
  });

  const placement = createTradingPlacement(ctx, views, events, settlement, runner);
  const changes = createTradingChanges(ctx, views, events, settlement, runner);

  return {
    runner,
    options,

    /** After an operator's instrument edit: the instruments this service holds, read again. */
    async refreshInstruments() {
      for (const id of [...instruments.keys()]) await instrument(id);
    },

    /** Starts the trigger runner (subscribes to ticks, loads open positions and pending orders). */
    start: () => runner.start(),
    stop: () => runner.stop(),

    // Placing (trading.placement.ts).
    preview: placement.preview,
    buy: placement.buy,
    /** Market-order batches written and the orders in them (trading.batch.ts). */
    batchStats: placement.batchStats,

    // Closing, cancelling, moving stops (trading.changes.ts).
    close: changes.close,
    cancel: changes.cancel,
    updateStops: changes.updateStops,

    // Pushes after each committed change (trading.events.ts).
    onOrderChange: events.onOrderChange,

    // What users read (trading.views.ts).
    list: views.list,
    get: views.get,
    profitTotal: views.profitTotal,
    marginAccount: views.marginAccount,
    orderRefs: views.orderRefs,
    volume24hUsdt: views.volume24hUsdt,
    exposure: views.exposure,
    fillsSince: views.fillsSince,
    /** Per real-account user, the USDT notional of their fills in [since, until) (modules/levels). */
    volumeByUser: (exec: Executor, since: Date, until: Date) => repo.notionalByUser(exec, 'real', since, until),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
