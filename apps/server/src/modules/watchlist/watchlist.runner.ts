import { pow10 } from '@openbourse/money';
import type { MarketTick } from '../market/market.types.ts';
import { AlertBook, type AlertItem, PRICE_SCALE, reached } from './watchlist.index.ts';

/**
 * The alert evaluator: every recorded tick, in the order heard, against the waiting alerts of its
 * instrument. One process runs it (the holder of the `alerts` lease); firing is a conditional
 * update, so an overlap at a take-over (or a second evaluator in a test) still fires each alert
 * once.
 *
 * - Evaluation is synchronous per tick: what a tick reached leaves the book at once, so a later
 *   tick of the same evaluator never fires it again; the firing transactions run one after
 *   another behind it, each priced by the tick that reached the alert.
 * - An alert watches the ticks after the quote it was checked against when set (`afterTickId`):
 *   until a later tick of its instrument arrives it is staged, so a tick older than the alert
 *   (queued, or heard late from the feed's process) can never fire it.
 * - An alert heard after later ticks were evaluated ("late": set through another process) is
 *   first checked against its instrument's recent ticks after its own, in order.
 * - A firing that fails (database unavailable) puts the alert back: the next tick that reaches
 *   it fires it.
 */

export interface WatchedAlert extends AlertItem {
  instrumentId: number;
  /** The tick the alert was checked against when set: it watches the ticks after this one. */
  afterTickId: number;
}

export interface AlertRunnerDeps {
  subscribe(listener: (tick: MarketTick) => void): () => void;
  /** Every waiting alert, at start. */
  loadWaiting(): Promise<WatchedAlert[]>;
  /** Fires the alert at this tick, if it is still waiting; true when this call fired it. */
  fire(alert: WatchedAlert, tick: MarketTick): Promise<boolean>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Recent ticks kept per instrument for late alerts. */
const RECENT_TICKS = 256;

/** The tick's last price in book units. */
export const tickPrice = (tick: Pick<MarketTick, 'lastUnits' | 'priceDecimals'>): bigint =>
  tick.lastUnits * pow10(PRICE_SCALE - tick.priceDecimals);

interface Watch {
  book: AlertBook;
  staged: Map<number, WatchedAlert>;
  recent: MarketTick[];
  lastTickId: number;
}

export function createAlertRunner(deps: AlertRunnerDeps) {
  const watches = new Map<number, Watch>();
  /** alert id → what is held (to remove it from its instrument's book). */
  const held = new Map<number, WatchedAlert>();
  let running = false;
  let unsubscribe: (() => void) | null = null;
  let firing: Promise<void> = Promise.resolve();
  let pending = 0;

  function watch(instrumentId: number): Watch {
    let w = watches.get(instrumentId);
    if (!w) {
      w = { book: new AlertBook(), staged: new Map(), recent: [], lastTickId: 0 };
      watches.set(instrumentId, w);
    }
    return w;
  }

  /** Queues the firing of an alert a tick reached (one transaction at a time, in order). */
  function queueFire(alert: WatchedAlert, tick: MarketTick): void {
    held.delete(alert.id);
    pending += 1;
    firing = firing.then(async () => {
      try {
        await deps.fire(alert, tick);
      } catch (err) {
        deps.log.error({ err, alertId: alert.id, tickId: tick.id }, 'watchlist: firing an alert failed');
        // Back in the book: the next tick that reaches it fires it.
        if (running) add({ ...alert, afterTickId: tick.id });
      } finally {
        pending -= 1;
      }
    });
  }

  function add(alert: WatchedAlert): void {
    if (!running || held.has(alert.id)) return;
    const w = watch(alert.instrumentId);
    held.set(alert.id, alert);
    if (alert.afterTickId >= w.lastTickId) {
      w.staged.set(alert.id, alert);
      return;
    }
    // Late: the ticks after its own that were already evaluated, in order.
    for (const tick of w.recent) {
      if (tick.id <= alert.afterTickId) continue;
      if (reached(alert, tickPrice(tick))) {
        queueFire(alert, tick);
        return;
      }
    }
    w.book.add(alert);
  }

  function remove(id: number): void {
    const alert = held.get(id);
    if (!alert) return;
    held.delete(id);
    const w = watches.get(alert.instrumentId);
    w?.book.remove(id);
    w?.staged.delete(id);
  }

  function onTick(tick: MarketTick): void {
    if (!running) return;
    const w = watch(tick.instrumentId);
    if (tick.id <= w.lastTickId) return;
    w.lastTickId = tick.id;
    w.recent.push(tick);
    if (w.recent.length > RECENT_TICKS) w.recent.shift();
    if (w.staged.size > 0) {
      for (const [id, alert] of w.staged) {
        if (alert.afterTickId >= tick.id) continue;
        w.staged.delete(id);
        w.book.add(alert);
      }
    }
    if (w.book.size === 0) return;
    for (const item of w.book.onPrice(tickPrice(tick))) {
      const alert = held.get(item.id);
      if (alert) queueFire(alert, tick);
    }
  }

  return {
    /** Subscribes first (ticks are evaluated as the alerts arrive), then loads the waiting alerts. */
    async start(): Promise<void> {
      if (running) return;
      await firing;
      watches.clear();
      held.clear();
      running = true;
      unsubscribe = deps.subscribe(onTick);
      try {
        for (const alert of await deps.loadWaiting()) add(alert);
      } catch (err) {
        running = false;
        unsubscribe?.();
        unsubscribe = null;
        throw err;
      }
      deps.log.info({ alerts: held.size }, 'watchlist: alert evaluator started');
    },

    /** Stops listening and waits for the firings under way. */
    async stop(): Promise<void> {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      await firing;
    },

    /** An alert set (by any process): watched from the tick after its own. */
    add,
    /** An alert removed by its owner. */
    remove,

    get running(): boolean {
      return running;
    },

    /** Resolves once every firing queued so far has finished (tests; shutdown). */
    async drain(): Promise<void> {
      while (pending > 0) await firing;
    },

    stats() {
      let watching = 0;
      let staged = 0;
      for (const w of watches.values()) {
        watching += w.book.size;
        staged += w.staged.size;
      }
      return { watching, staged, firing: pending };
    },
  };
}

export type AlertRunner = ReturnType<typeof createAlertRunner>;
