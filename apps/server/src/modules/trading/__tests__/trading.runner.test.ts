import type { Fired } from '@openbourse/engine';
import { describe, expect, it } from 'vitest';
import type { MarketTick } from '../../market/market.types.ts';
import { createTriggerRunner, type RunnerDeps, type RunnerEntry } from '../trading.runner.ts';

/** The runner without a database: ticks in engine units, settle recorded, failures injected. */
function setup(opts: { load?: RunnerEntry[]; failFirst?: boolean } = {}) {
  let listener: ((t: MarketTick) => void) | null = null;
  const settled: { id: number; reason: string; tickId: number; fill: bigint }[] = [];
  const states = new Map<number, RunnerEntry>();
  let fail = opts.failFirst ?? false;
  const deps: RunnerDeps = {
    subscribe(l) {
      listener = l;
      return () => {
        listener = null;
      };
    },
    loadAll: async () => opts.load ?? [],
    loadOne: async (id, after) => {
      const s = states.get(id);
      return s ? { ...s, afterTickId: after } : null;
    },
    quoteOf: (tick) => ({ bidTicks: tick.bidUnits, askTicks: tick.askUnits }),
    async settle(f: Fired, tick) {
      await new Promise((r) => setTimeout(r, 1));
      if (fail) {
        fail = false;
        throw new Error('database unavailable');
      }
      settled.push({ id: f.id, reason: f.reason, tickId: tick.id, fill: f.fillTicks });
      const next = { instrumentId: 1, orderId: f.id, version: 99, item: null, afterTickId: tick.id };
      states.set(f.id, next);
      return next;
    },
    log: { error() {}, info() {} },
  };
  const runner = createTriggerRunner(deps);
  let id = 0;
  const tick = (bid: bigint, ask = bid + 1n, instrumentId = 1) => {
    id += 1;
    listener?.({
      id,
      instrumentId,
      code: 'X',
      ts: new Date(0),
      bid: '',
      ask: '',
      last: '',
      volume: '0',
      source: 'manual',
      priceDecimals: 0,
      bidUnits: bid,
      askUnits: ask,
      lastUnits: bid,
    });
    return id;
  };
  return { runner, tick, settled, states, lastId: () => id };
}

const long = (orderId: number, stopLossTicks: bigint, version = 1, afterTickId = 0): RunnerEntry => ({
  instrumentId: 1,
  orderId,
  version,
  afterTickId,
  item: { kind: 'position', id: orderId, side: 'buy', stopLossTicks },
});

describe('trigger runner', () => {
  it('settles fired items tick by tick, in the engine’s order within a tick, priced by that tick', async () => {
    const s = setup({ load: [long(1, 100n), long(2, 105n), long(3, 90n)] });
    await s.runner.start();
    const t1 = s.tick(99n); // fires 2 (overshoot 6) then 1 (overshoot 1)
    const t2 = s.tick(80n); // fires 3
    await s.runner.drain();
    expect(s.settled).toEqual([
      { id: 2, reason: 'stopLoss', tickId: t1, fill: 99n },
      { id: 1, reason: 'stopLoss', tickId: t1, fill: 99n },
      { id: 3, reason: 'stopLoss', tickId: t2, fill: 80n },
    ]);
    expect(s.runner.stats()).toMatchObject({ active: 0, staged: 0, queued: 0 });
    await s.runner.stop();
  });

  it('never fires an item on a tick recorded before the quote it was checked against', async () => {
    const s = setup();
    await s.runner.start();
    const old = s.tick(200n); // queued, not yet processed
    // An order placed on a later quote (tick old + 1) with a level the old tick would cross.
    s.runner.apply(long(7, 250n, 1, old + 1));
    const same = s.tick(240n); // the quote it was checked against: still not active
    expect(same).toBe(old + 1);
    const next = s.tick(240n);
    await s.runner.drain();
    expect(s.settled).toEqual([{ id: 7, reason: 'stopLoss', tickId: next, fill: 240n }]);
  });

  it('checks an order that arrives after the loop passed its quote against the ticks it missed', async () => {
    const s = setup();
    await s.runner.start();
    const checked = s.tick(300n); // the quote the order was checked against
    const crossed = s.tick(240n); // crosses its stop loss before the order reaches the runner
    s.tick(260n); // back above: the next tick alone would not fire it
    await s.runner.drain();
    // Committed (or heard from another process) only now, with the loop two ticks ahead.
    s.runner.apply(long(8, 250n, 1, checked));
    await s.runner.drain();
    expect(s.settled).toEqual([{ id: 8, reason: 'stopLoss', tickId: crossed, fill: 240n }]);
    // One that was not crossed meanwhile joins the index and fires on a later tick.
    s.runner.apply(long(9, 200n, 1, checked));
    await s.runner.drain();
    expect(s.runner.has(9)).toBe(true);
    const later = s.tick(150n);
    await s.runner.drain();
    expect(s.settled.at(-1)).toEqual({ id: 9, reason: 'stopLoss', tickId: later, fill: 150n });
  });

  it('holds one late order once when it is heard from the bus and applied by its placement alike', async () => {
    const s = setup();
    await s.runner.start();
    const checked = s.tick(300n);
    s.tick(290n);
    await s.runner.drain();
    // Its batch publishes the event before the placement applies it: the same state twice, both late.
    s.runner.heard(long(11, 200n, 1, checked));
    s.runner.apply(long(11, 200n, 1, checked));
    await s.runner.drain();
    s.runner.apply(long(11, 200n, 1, checked));
    await s.runner.drain();
    expect(s.runner.has(11)).toBe(true);
    const crossed = s.tick(150n);
    await s.runner.drain();
    expect(s.settled).toEqual([{ id: 11, reason: 'stopLoss', tickId: crossed, fill: 150n }]);
  });

  it('takes states heard from the bus only while running and only when newer', async () => {
    const s = setup();
    s.runner.heard(long(1, 100n, 1));
    s.runner.apply(long(1, 100n, 1));
    expect(s.runner.has(1)).toBe(false); // not the engine's owner yet: nothing is held
    await s.runner.start();
    s.runner.apply(long(2, 100n, 2));
    s.runner.heard(long(2, 500n, 2)); // the same version, heard after the local apply: ignored
    s.runner.heard(long(3, 100n, 1));
    expect(s.runner.has(3)).toBe(true);
    const t = s.tick(300n);
    await s.runner.drain();
    expect(s.settled).toEqual([]);
    s.tick(99n);
    await s.runner.drain();
    expect(s.settled.map((x) => x.id).sort()).toEqual([2, 3]);
    expect(t).toBeGreaterThan(0);
  });

  it('ignores an older state of an order than the one it holds, and removes on null', async () => {
    const s = setup();
    await s.runner.start();
    s.runner.apply(long(1, 100n, 3));
    s.runner.apply(long(1, 50n, 2)); // late, older: ignored
    expect(s.runner.has(1)).toBe(true);
    s.tick(99n);
    await s.runner.drain();
    expect(s.settled.map((x) => x.id)).toEqual([1]);
    s.runner.apply(long(2, 100n, 1));
    s.runner.apply({ instrumentId: 1, orderId: 2, version: 2, item: null, afterTickId: 0 });
    expect(s.runner.has(2)).toBe(false);
    s.tick(10n);
    await s.runner.drain();
    expect(s.settled.map((x) => x.id)).toEqual([1]);
  });

  it('reloads an order whose settlement failed before the next tick, and fires it then', async () => {
    const s = setup({ failFirst: true });
    await s.runner.start();
    s.runner.apply(long(5, 100n, 1));
    s.states.set(5, long(5, 100n, 1));
    s.tick(99n); // settle throws: marked dirty, reloaded (still open)
    await s.runner.drain();
    expect(s.settled).toEqual([]);
    expect(s.runner.has(5)).toBe(true);
    const t2 = s.tick(98n);
    await s.runner.drain();
    expect(s.settled).toEqual([{ id: 5, reason: 'stopLoss', tickId: t2, fill: 98n }]);
  });

  it('lets a caller wait until the ticks before its quote are settled', async () => {
    const s = setup({ load: [long(1, 100n)] });
    await s.runner.start();
    const id = s.tick(90n);
    await s.runner.until(id, 5000);
    expect(s.settled).toHaveLength(1);
    expect(s.runner.stats().lastTickId).toBe(id);
    // Nothing queued: resolves at once.
    await s.runner.until(id + 1000, 5000);
    await s.runner.stop();
    s.tick(1n); // after stop: ignored
    expect(s.runner.stats().queued).toBe(0);
  });
});
