/**
 * `createWatchlistService({ db, clock, market, events, notifications, log, options })`: favourites,
 * price alerts, and the evaluator that fires alerts from the recorded ticks (run by the holder of
 * the `alerts` lease, platform.ts).
 */
import { parseDecimal } from '@openbourse/money';
import { watchlistRepository as repo } from './watchlist.repository.ts';
import { createAlerts, watchedOf } from './watchlist.alerts.ts';
import { ALERT_TOPIC, type AlertEvent, DEFAULT_WATCHLIST_OPTIONS, type WatchlistDeps } from './watchlist.context.ts';
import { createFavourites } from './watchlist.favourites.ts';
import { PRICE_SCALE } from './watchlist.index.ts';
import { createAlertRunner } from './watchlist.runner.ts';

export type { WatchlistDeps, WatchlistOptions } from './watchlist.context.ts';
export { ALERT_TOPIC, DEFAULT_WATCHLIST_OPTIONS } from './watchlist.context.ts';

export function createWatchlistService(deps: WatchlistDeps) {
  const options = { ...DEFAULT_WATCHLIST_OPTIONS, ...deps.options };
  if (options.maxFavourites < 1 || options.maxActiveAlerts < 1) throw new Error('watchlist: caps must be at least 1');
  const favourites = createFavourites(deps, options);
  const alerts = createAlerts(deps, options);

  const runner = createAlertRunner({
    subscribe: (listener) => deps.market.subscribe(listener),
    loadWaiting: async () => (await repo.waiting(deps.db)).map(watchedOf),
    fire: (alert, tick) => alerts.fire(alert, tick),
    log: deps.log,
  });

  // Alerts set and removed through any process reach the evaluator where it runs.
  deps.events.subscribe(ALERT_TOPIC, (message) => {
    if (!runner.running) return;
    const e = message.payload as AlertEvent;
    if (e.op === 'remove') runner.remove(e.id);
    else {
      runner.add({
        id: e.id,
        instrumentId: e.instrumentId,
        condition: e.condition,
        target: parseDecimal(e.price, PRICE_SCALE),
        afterTickId: e.afterTickId,
      });
    }
  });

  return {
    options,
    runner,
    /** Starts the evaluator (subscribes to ticks, loads the waiting alerts). */
    start: () => runner.start(),
    stop: () => runner.stop(),

    listFavourites: favourites.list,
    addFavourite: favourites.add,
    removeFavourite: favourites.remove,

    listAlerts: alerts.list,
    createAlert: alerts.create,
    removeAlert: alerts.remove,
    /** Fires one alert at a tick if it still waits (the evaluator's step; tests race it). */
    fire: alerts.fire,
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
