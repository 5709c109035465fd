import { describe, expect, it } from 'vitest';
import type { MarketTick } from '../../market/market.types.ts';
import { createAlertRunner, type WatchedAlert } from '../watchlist.runner.ts';

/**
 * The evaluator alone, with a fake tick stream and a fake firing: staging (a tick older than the
 * alert never fires it), late alerts checked against the ticks they missed, a failed firing put
 * back, removal, and one firing per alert per evaluator.
 */
function harness(opts: { waiting?: WatchedAlert[]; failFirst?: boolean } = {}) {
  let listener: ((tick: MarketTick) => void) | null = null;
  const fired: [number, number][] = [];
  let failures = opts.failFirst ? 1 : 0;
  const runner = createAlertRunner({
    subscribe(l) {
      listener = l;
      return () => {
        listener = null;
      };
    },
    loadWaiting: async () => opts.waiting ?? [],
    async fire(alert, tick) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('database unavailable');
      }
      fired.push([alert.id, tick.id]);
      return true;
    },
    log: { info: () => undefined, error: () => undefined },
  });
  const tick = async (id: number, last: bigint, instrumentId = 1) => {
    listener?.({
      id,
      instrumentId,
      code: 'X',
      ts: new Date(id * 1000),
      bid: '',
      ask: '',
      last: String(last),
      volume: '0',
      source: 'manual',
      priceDecimals: 2,
      bidUnits: last,
      askUnits: last,
      lastUnits: last,
    });
    await runner.drain();
  };
  return { runner, fired, tick };
}

/** An alert on instrument 1; targets in units at 2 decimals → book scale 12. */
const alert = (id: number, condition: 'above' | 'below', cents: bigint, afterTickId: number): WatchedAlert => ({
  id,
  instrumentId: 1,
  condition,
  target: cents * 10n ** 10n,
  afterTickId,
});

describe('the alert evaluator', () => {
  it('loads the waiting alerts and fires each once, at the first tick after its own that reaches it', async () => {
    const h = harness({ waiting: [alert(1, 'above', 10_000n, 5), alert(2, 'below', 9_000n, 5)] });
    await h.runner.start();
    // Ticks up to the alerts' own are older than them: never fire them, whatever their price.
    await h.tick(4, 20_000n);
    await h.tick(5, 1n);
    expect(h.fired).toEqual([]);
    await h.tick(6, 9_999n);
    await h.tick(7, 10_000n);
    await h.tick(8, 10_500n);
    await h.tick(9, 8_000n);
    await h.tick(10, 8_000n);
    expect(h.fired).toEqual([
      [1, 7],
      [2, 9],
    ]);
    expect(h.runner.stats()).toEqual({ watching: 0, staged: 0, firing: 0 });
  });

  it('checks a late alert against the recent ticks after its own, in order', async () => {
    const h = harness();
    await h.runner.start();
    for (const [id, last] of [
      [1, 100n],
      [2, 150n],
      [3, 210n],
      [4, 190n],
      [5, 250n],
    ] as const) {
      await h.tick(id, last);
    }
    h.runner.add(alert(1, 'above', 200n, 2)); // tick 3 reached it
    h.runner.add(alert(2, 'above', 200n, 3)); // tick 5 did
    h.runner.add(alert(3, 'above', 300n, 1)); // nothing yet: watched from now on
    await h.runner.drain();
    expect(h.fired).toEqual([
      [1, 3],
      [2, 5],
    ]);
    await h.tick(6, 300n);
    expect(h.fired.at(-1)).toEqual([3, 6]);
  });

  it('puts an alert whose firing failed back, to fire at the next tick that reaches it', async () => {
    const h = harness({ failFirst: true });
    await h.runner.start();
    h.runner.add(alert(1, 'below', 100n, 0));
    await h.tick(1, 90n);
    expect(h.fired).toEqual([]);
    await h.tick(2, 110n);
    await h.tick(3, 95n);
    expect(h.fired).toEqual([[1, 3]]);
  });

  it('forgets a removed alert, ignores another instrument’s ticks and does nothing once stopped', async () => {
    const h = harness();
    await h.runner.start();
    h.runner.add(alert(1, 'above', 100n, 0));
    h.runner.add(alert(2, 'above', 100n, 0));
    h.runner.remove(1);
    await h.tick(1, 500n, 2);
    expect(h.fired).toEqual([]);
    await h.tick(2, 500n);
    expect(h.fired).toEqual([[2, 2]]);
    h.runner.add(alert(3, 'above', 100n, 2));
    await h.runner.stop();
    await h.tick(3, 500n);
    expect(h.fired).toEqual([[2, 2]]);
  });
});
