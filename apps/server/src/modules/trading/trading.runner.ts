import { type Fired, type Quote, TriggerIndex, type TriggerItem } from '@openbourse/engine';
import type { MarketTick } from '../market/market.types.ts';

/**
 * The trigger runner: stop losses, take profits, stop-outs and pending entries, fired by recorded
 * ticks in the order they were recorded, one at a time.
 *
 * - It subscribes to the market's ticks and queues them; a single loop takes them in order. A
 *   tick that fires nothing costs a few comparisons and no await (the index peeks its heaps).
 * - One TriggerIndex per instrument. What fires is settled (closed / filled) by `settle`, one item
 *   at a time, each in its own transaction, priced by that tick.
 * - An item registered after the quote with tick id N is first checked on the first tick after N
 *   ("staged"): a queued tick older than the order can never fire it, even when the loop lags.
 * - Every order state carries a version; an older state than the one held is ignored, so two
 *   requests whose post-commit updates arrive out of order cannot leave a stale trigger behind.
 * - When settling fails (database unavailable), the order is marked dirty and reloaded from the
 *   database before the next tick is processed.
 * - An item that arrives after the loop has passed its tick ("late": its transaction committed
 *   while later ticks were processed, or it was placed through another process and heard from the
 *   bus) is first checked against the recent ticks after its own, in order, before the next tick:
 *   a stop crossed meanwhile fires at the tick that crossed it.
 */

export interface RunnerEntry {
  instrumentId: number;
  orderId: number;
  version: number;
  /** null: the order has no triggers any more (closed, cancelled). */
  item: TriggerItem | null;
  /** The tick id the order was checked against: triggers start with the next tick. */
  afterTickId: number;
}

export interface RunnerDeps {
  subscribe(listener: (tick: MarketTick) => void): () => void;
  /** Every open position and pending order, at start. */
  loadAll(): Promise<RunnerEntry[]>;
  /** One order's current state (after a failed or skipped settle). */
  loadOne(orderId: number, afterTickId: number): Promise<RunnerEntry | null>;
  /** The tick in engine ticks, or null when the instrument is unknown or the tick is off the grid. */
  quoteOf(tick: MarketTick): Quote | null;
  /**
   * Settles one fired item in its own transaction and answers the order's new state (or null
   * when nothing changed and the order should be reloaded).
   */
  settle(fired: Fired, tick: MarketTick): Promise<RunnerEntry | null>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Recent ticks kept per instrument for late items (a few seconds of a busy instrument). */
const RECENT_TICKS = 512;

interface Book {
  index: TriggerIndex;
  /** Registered but not yet active: id → entry (active from the first tick after afterTickId). */
  staged: Map<number, RunnerEntry>;
  /** The last ticks processed, oldest first. */
  recent: MarketTick[];
}

export function createTriggerRunner(deps: RunnerDeps) {
  const books = new Map<number, Book>();
  /** orderId → instrument and version of the last state applied (kept after removal, see header). */
  const known = new Map<number, { instrumentId: number; version: number }>();
  const dirty = new Map<number, number>();
  const queue: MarketTick[] = [];
  let head = 0;
  let unsubscribe: (() => void) | null = null;
  let running = false;
  let pumping: Promise<void> | null = null;
  let lastTickId = 0;
  let waiters: { tickId: number; resolve: () => void }[] = [];
  /** Entries whose first tick the loop has already passed: checked against `recent` first. */
  let late: RunnerEntry[] = [];

  function book(instrumentId: number): Book {
    let b = books.get(instrumentId);
    if (!b) {
      b = { index: new TriggerIndex(), staged: new Map(), recent: [] };
      books.set(instrumentId, b);
    }
    return b;
  }

  /** Applies an order's state unless an newer one is already held. */
  function apply(e: RunnerEntry): void {
    // Triggers run in the process that holds the engine's lease; elsewhere this is a no-op.
    if (!running) return;
    const prev = known.get(e.orderId);
    if (prev && prev.version > e.version) return;
    if (prev) {
      const old = books.get(prev.instrumentId);
      old?.index.remove(e.orderId);
      old?.staged.delete(e.orderId);
      // Its earlier state may still wait to be caught up: only this one counts now.
      if (late.length > 0) late = late.filter((l) => l.orderId !== e.orderId);
    }
    known.set(e.orderId, { instrumentId: e.instrumentId, version: e.version });
    if (!e.item) return;
    if (running && e.afterTickId < lastTickId) {
      late.push(e);
      if (!pumping) pumping = pump();
    } else {
      book(e.instrumentId).staged.set(e.orderId, e);
    }
  }

  /**
   * A late entry, checked alone against the recent ticks after its own in order: the first that
   * fires it settles it (priced by that tick); otherwise it joins the index, active from now on.
   */
  async function catchUp(e: RunnerEntry): Promise<void> {
    if (known.get(e.orderId)?.version !== e.version || !e.item) return;
    const b = book(e.instrumentId);
    const first = b.recent[0];
    if (first && first.id > e.afterTickId + 1 && b.recent.length === RECENT_TICKS) {
      deps.log.error(
        { orderId: e.orderId, afterTickId: e.afterTickId, oldest: first.id },
        'trading: late order older than the recent ticks',
      );
    }
    const alone = new TriggerIndex();
    alone.add(e.item);
    for (const tick of b.recent) {
      if (tick.id <= e.afterTickId) continue;
      const q = deps.quoteOf(tick);
      const fired = q ? alone.onTick(q) : [];
      if (fired.length > 0) {
        await settleAll(fired, tick);
        return;
      }
    }
    index(b, e.item);
  }

  /** Into the book's index, replacing what it held for the order (heard and applied, both late). */
  function index(b: Book, item: NonNullable<RunnerEntry['item']>): void {
    if (b.index.has(item.id)) b.index.remove(item.id);
    b.index.add(item);
  }

  function activate(b: Book, tickId: number): void {
    if (b.staged.size === 0) return;
    for (const [id, e] of b.staged) {
      if (e.afterTickId < tickId && e.item) {
        b.staged.delete(id);
        index(b, e.item);
      }
    }
  }

  function onTick(tick: MarketTick): void {
    if (!running) return;
    queue.push(tick);
    if (!pumping) pumping = pump();
  }

  async function retryDirty(): Promise<void> {
    for (const [orderId, afterTickId] of [...dirty]) {
      try {
        const e = await deps.loadOne(orderId, afterTickId);
        dirty.delete(orderId);
        if (e) apply(e);
      } catch (err) {
        deps.log.error({ err, orderId }, 'trading: could not reload an order for its triggers');
        return;
      }
    }
  }

  async function settleAll(fired: readonly Fired[], tick: MarketTick): Promise<void> {
    for (const f of fired) {
      try {
        const next = await deps.settle(f, tick);
        if (next) apply(next);
        else dirty.set(f.id, tick.id);
      } catch (err) {
        deps.log.error({ err, orderId: f.id, tickId: tick.id, reason: f.reason }, 'trading: trigger settlement failed');
        dirty.set(f.id, tick.id);
      }
    }
    if (dirty.size > 0) await retryDirty();
  }

  async function pump(): Promise<void> {
    // Never finish synchronously: the caller stores the promise in `pumping`, and `finally` below
    // must clear it after that assignment, not before.
    await Promise.resolve();
    try {
      while (head < queue.length || late.length > 0) {
        if (dirty.size > 0) await retryDirty();
        if (late.length > 0) {
          const now = late;
          late = [];
          for (const e of now) await catchUp(e);
          continue;
        }
        const tick = queue[head]!;
        queue[head++] = undefined as unknown as MarketTick;
        if (head > 1024 && head * 2 > queue.length) {
          queue.splice(0, head);
          head = 0;
        }
        const b = book(tick.instrumentId);
        activate(b, tick.id);
        if (b.index.size > 0) {
          const q = deps.quoteOf(tick);
          const fired = q ? b.index.onTick(q) : [];
          if (fired.length > 0) await settleAll(fired, tick);
        }
        b.recent.push(tick);
        if (b.recent.length > RECENT_TICKS) b.recent.shift();
        lastTickId = Math.max(lastTickId, tick.id);
        if (waiters.length > 0) release();
      }
    } finally {
      pumping = null;
      release(true);
    }
  }

  function release(idle = false): void {
    const still: typeof waiters = [];
    for (const w of waiters) {
      if (idle || w.tickId <= lastTickId) w.resolve();
      else still.push(w);
    }
    waiters = still;
  }

  return {
    /** Subscribes first (ticks queue while the open orders load), then loads and starts the loop. */
    async start(): Promise<void> {
      if (running) return;
      // A runner started again (the engine's lease taken back) begins from what is stored.
      await pumping;
      books.clear();
      known.clear();
      dirty.clear();
      late = [];
      queue.length = 0;
      head = 0;
      lastTickId = 0;
      running = true;
      unsubscribe = deps.subscribe(onTick);
      try {
        for (const e of await deps.loadAll()) apply(e);
      } catch (err) {
        running = false;
        unsubscribe?.();
        unsubscribe = null;
        throw err;
      }
      deps.log.info({ orders: known.size }, 'trading: trigger runner started');
      if (head < queue.length && !pumping) pumping = pump();
    },

    /** Stops listening and waits for the tick being processed (and those queued) to settle. */
    async stop(): Promise<void> {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      await pumping;
    },

    /** Registers (or replaces, or with item null removes) an order's triggers; older versions are ignored. */
    apply,

    /**
     * An order's state heard from the bus (a change made by any process): applied when newer than
     * what is held, while this process runs the triggers.
     */
    heard(e: RunnerEntry): void {
      if (!running) return;
      const prev = known.get(e.orderId);
      if (prev && prev.version >= e.version) return;
      apply(e);
    },

    get running(): boolean {
      return running;
    },

    /** Resolves once every queued tick has been processed (tests; graceful shutdown). */
    async drain(): Promise<void> {
      while (pumping) await pumping;
    },

    /**
     * Resolves once ticks up to `tickId` are processed, or the queue is idle, or after `timeoutMs`:
     * a manual close waits for the triggers of the ticks before its quote, so that what a tick
     * fired is settled before the user acts on a later price.
     */
    until(tickId: number, timeoutMs = 2000): Promise<void> {
      if (!pumping || lastTickId >= tickId) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref?.();
        waiters.push({
          tickId,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },

    /** Introspection for tests and the README's invariants. */
    stats() {
      let active = 0;
      let staged = 0;
      for (const b of books.values()) {
        active += b.index.size;
        staged += b.staged.size;
      }
      return { active, staged, queued: queue.length - head, dirty: dirty.size, lastTickId };
    },

    has(orderId: number): boolean {
      const k = known.get(orderId);
      const b = k ? books.get(k.instrumentId) : undefined;
      return (
        (!!b && (b.index.has(orderId) || b.staged.has(orderId))) ||
        late.some((e) => e.orderId === orderId && known.get(orderId)?.version === e.version)
      );
    },
  };
}

export type TriggerRunner = ReturnType<typeof createTriggerRunner>;
