import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { NaiveTriggerScan, type TriggerBook, TriggerIndex } from './triggers.ts';

const tick = (bid: bigint, ask = bid) => ({ bidTicks: bid, askTicks: ask });
const brief = (fired: readonly { id: number; reason: string; fillTicks: bigint }[]) =>
  fired.map((f) => `${f.id}:${f.reason}@${f.fillTicks}`);

// Every behaviour is checked on both implementations: the naive scan is the reference.
describe.each([
  ['TriggerIndex', () => new TriggerIndex({ compactMinStale: 1 })],
  ['NaiveTriggerScan', () => new NaiveTriggerScan()],
] as const)('%s', (_name, make: () => TriggerBook) => {
  it('long: SL and stop-out on a falling bid, TP on a rising bid, closing at the bid', () => {
    const book = make();
    book.add({ kind: 'position', id: 1, side: 'buy', stopLossTicks: 95n, takeProfitTicks: 110n, stopOutTicks: 90n });
    book.add({ kind: 'position', id: 2, side: 'buy', takeProfitTicks: 105n });
    expect(book.onTick(tick(100n, 101n))).toEqual([]);
    // the ask is irrelevant to a long's exits
    expect(book.onTick(tick(100n, 120n))).toEqual([]);
    expect(brief(book.onTick(tick(105n, 107n)))).toEqual(['2:takeProfit@105']);
    expect(brief(book.onTick(tick(95n, 96n)))).toEqual(['1:stopLoss@95']);
    expect(book.size).toBe(0);
    expect(book.onTick(tick(80n, 81n))).toEqual([]); // fired once: its stop-out went with it
  });

  it('short: SL and stop-out on a rising ask, TP on a falling ask, closing at the ask', () => {
    const book = make();
    book.add({ kind: 'position', id: 7, side: 'sell', stopLossTicks: 105n, takeProfitTicks: 90n, stopOutTicks: 110n });
    expect(book.onTick(tick(104n, 104n))).toEqual([]);
    expect(book.onTick(tick(80n, 104n))).toEqual([]); // the bid is irrelevant to a short's exits
    const [f] = book.onTick(tick(103n, 106n));
    expect(f).toEqual({
      id: 7,
      kind: 'position',
      side: 'sell',
      reason: 'stopLoss',
      triggerTicks: 105n,
      fillTicks: 106n,
      overshootTicks: 1n,
    });
  });

  it('entries: buy limit/stop watch the ask, sell limit/stop the bid, and fill there', () => {
    const book = make();
    book.add({ kind: 'entry', id: 1, side: 'buy', type: 'limit', priceTicks: 98n });
    book.add({ kind: 'entry', id: 2, side: 'buy', type: 'stop', priceTicks: 103n });
    book.add({ kind: 'entry', id: 3, side: 'sell', type: 'limit', priceTicks: 102n });
    book.add({ kind: 'entry', id: 4, side: 'sell', type: 'stop', priceTicks: 97n });
    expect(book.onTick(tick(99n, 102n))).toEqual([]);
    expect(brief(book.onTick(tick(102n, 102n)))).toEqual(['3:entryLimit@102']);
    expect(brief(book.onTick(tick(96n, 98n)))).toEqual(['4:entryStop@96', '1:entryLimit@98']);
    expect(brief(book.onTick(tick(100n, 110n)))).toEqual(['2:entryStop@110']);
  });

  it('a level is hit when the price touches it (inclusive)', () => {
    const book = make();
    book.add({ kind: 'position', id: 1, side: 'buy', stopLossTicks: 100n });
    expect(brief(book.onTick(tick(100n, 101n)))).toEqual(['1:stopLoss@100']);
  });

  it('a gap through SL and stop-out fires once, as the level crossed first, at the tick price', () => {
    const book = make();
    book.add({ kind: 'position', id: 1, side: 'buy', stopLossTicks: 95n, stopOutTicks: 90n });
    book.add({ kind: 'position', id: 2, side: 'buy', stopLossTicks: 85n, stopOutTicks: 88n });
    expect(book.onTick(tick(80n, 82n)).map((f) => [f.id, f.reason, f.triggerTicks, f.fillTicks])).toEqual([
      [1, 'stopLoss', 95n, 80n],
      [2, 'stopOut', 88n, 80n],
    ]);
  });

  it('orders one tick by overshoot, then id; equal levels of one item name the stop loss', () => {
    const book = make();
    book.add({ kind: 'position', id: 30, side: 'buy', stopLossTicks: 99n });
    book.add({ kind: 'position', id: 10, side: 'buy', stopLossTicks: 97n });
    book.add({ kind: 'position', id: 20, side: 'buy', stopLossTicks: 99n });
    book.add({ kind: 'position', id: 5, side: 'sell', stopLossTicks: 93n }); // ask 97: overshoot 4
    book.add({ kind: 'position', id: 6, side: 'buy', stopLossTicks: 98n, stopOutTicks: 98n });
    expect(book.onTick(tick(95n, 97n)).map((f) => `${f.id}:${f.reason}:${f.overshootTicks}`)).toEqual([
      '5:stopLoss:4',
      '20:stopLoss:4',
      '30:stopLoss:4',
      '6:stopLoss:3',
      '10:stopLoss:2',
    ]);
  });

  it('a removed item never fires; its id can be registered again with new levels', () => {
    const book = make();
    book.add({ kind: 'position', id: 1, side: 'buy', stopLossTicks: 95n, takeProfitTicks: 105n });
    expect(book.remove(1)).toBe(true);
    expect(book.remove(1)).toBe(false);
    expect(book.has(1)).toBe(false);
    expect(book.onTick(tick(90n))).toEqual([]);
    book.add({ kind: 'position', id: 1, side: 'buy', stopLossTicks: 80n, takeProfitTicks: 120n });
    expect(book.onTick(tick(90n))).toEqual([]); // the old SL at 95 must not fire for the new item
    expect(book.onTick(tick(106n))).toEqual([]); // nor the old TP at 105
    expect(brief(book.onTick(tick(121n)))).toEqual(['1:takeProfit@121']);
  });

  it('refuses a duplicate or non-integer id and a crossed quote', () => {
    const book = make();
    book.add({ kind: 'position', id: 1, side: 'buy' });
    expect(() => book.add({ kind: 'position', id: 1, side: 'sell' })).toThrow(EngineError);
    expect(() => book.add({ kind: 'position', id: 1.5, side: 'sell' })).toThrow(EngineError);
    expect(() => book.onTick(tick(101n, 100n))).toThrow(EngineError);
    expect(() => book.onTick(tick(0n, 100n))).toThrow(EngineError);
  });
});

describe('TriggerIndex internals', () => {
  it('drops dead entries by rebuilding once they outnumber live ones', () => {
    const index = new TriggerIndex({ compactMinStale: 4 });
    for (let id = 0; id < 100; id++) {
      index.add({
        kind: 'position',
        id,
        side: 'buy',
        stopLossTicks: BigInt(50 - (id % 50)),
        takeProfitTicks: 1000n + BigInt(id),
      });
    }
    for (let id = 0; id < 90; id++) index.remove(id);
    index.checkInvariants();
    // Everything still registered still fires; nothing removed does.
    const fired = index.onTick(tick(2000n));
    expect(fired.map((f) => f.id)).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
    index.checkInvariants();
  });
});
