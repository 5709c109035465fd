import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Side } from './instrument.ts';
import { type Fired, NaiveTriggerScan, TriggerIndex, type TriggerItem } from './triggers.ts';

// Prices live in a narrow band (90..110) so that levels are hit often, several per tick, with
// ties in overshoot and id ordering actually exercised; ids come from a small pool so that ids are
// removed and registered again (stale heap entries must never fire for the new registration).
const level = fc.bigInt({ min: 85n, max: 115n });
const id = fc.integer({ min: 1, max: 40 });
const side = fc.constantFrom<Side>('buy', 'sell');

const itemArb: fc.Arbitrary<TriggerItem> = fc.oneof(
  fc.record({
    kind: fc.constant('position' as const),
    id,
    side,
    stopLossTicks: fc.option(level),
    takeProfitTicks: fc.option(level),
    stopOutTicks: fc.option(level),
  }),
  fc.record({
    kind: fc.constant('entry' as const),
    id,
    side,
    type: fc.constantFrom('limit' as const, 'stop' as const),
    priceTicks: level,
  }),
);

type Op = { op: 'add'; item: TriggerItem } | { op: 'remove'; id: number } | { op: 'tick'; bid: bigint; spread: bigint };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: itemArb.map((item) => ({ op: 'add' as const, item })) },
  { weight: 1, arbitrary: id.map((i) => ({ op: 'remove' as const, id: i })) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      bid: fc.bigInt({ min: 88n, max: 112n }),
      spread: fc.bigInt({ min: 0n, max: 3n }),
    }),
  },
);

describe('TriggerIndex against NaiveTriggerScan', () => {
  it('fires exactly the same items in the same order; removed items never fire; each registration fires once', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), fc.integer({ min: 0, max: 8 }), (ops, compactMinStale) => {
        const index = new TriggerIndex({ compactMinStale });
        const naive = new NaiveTriggerScan();
        // The model: which ids are registered now. A fired id must be registered at that moment
        // (so never a removed one) and is unregistered by firing (so it fires at most once).
        const live = new Set<number>();
        for (const op of ops) {
          if (op.op === 'add') {
            if (live.has(op.item.id)) {
              expect(() => index.add(op.item)).toThrow();
              expect(() => naive.add(op.item)).toThrow();
              continue;
            }
            index.add(op.item);
            naive.add(op.item);
            live.add(op.item.id);
          } else if (op.op === 'remove') {
            expect(index.remove(op.id)).toBe(live.has(op.id));
            expect(naive.remove(op.id)).toBe(live.delete(op.id));
          } else {
            const tick = { bidTicks: op.bid, askTicks: op.bid + op.spread };
            const a: readonly Fired[] = index.onTick(tick);
            const b: readonly Fired[] = naive.onTick(tick);
            expect(a).toEqual(b);
            for (const f of a) {
              expect(live.delete(f.id)).toBe(true);
              expect(f.fillTicks).toBe((f.kind === 'position') === (f.side === 'buy') ? tick.bidTicks : tick.askTicks);
              expect(f.overshootTicks >= 0n).toBe(true);
            }
            for (let i = 1; i < a.length; i++) {
              const p = a[i - 1]!;
              const q = a[i]!;
              expect(
                p.overshootTicks > q.overshootTicks || (p.overshootTicks === q.overshootTicks && p.id < q.id),
              ).toBe(true);
            }
          }
          expect(index.size).toBe(live.size);
          expect(naive.size).toBe(live.size);
          index.checkInvariants();
        }
      }),
      { numRuns: 300 },
    );
  });
});
