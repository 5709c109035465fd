import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './book.ts';
import { NaiveOrderBook } from './reference.ts';
import type { BookCommand, TimeInForce } from './types.ts';

// A narrow price band (95..105) and small id and owner pools, so that orders cross, levels fill and
// empty, ids are reused after their orders leave, and self-trade prevention fires often. A few
// invalid values (zero qty, zero price, an unknown time in force) exercise the refusals and their order.
const id = fc.integer({ min: 1, max: 30 });
const owner = fc.integer({ min: 1, max: 4 });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const price = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 95, max: 105 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const qty = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 1, max: 10 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const tif = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY') },
  { weight: 1, arbitrary: fc.constant('DAY' as TimeInForce) },
);

const commandArb: fc.Arbitrary<BookCommand> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      id,
      owner,
      side,
      priceTicks: price,
      qtyLots: qty,
      tif,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('market' as const),
      id,
      owner,
      side,
      qtyLots: qty,
      protectionPriceTicks: price,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('cancel' as const), id }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reduce' as const), id, qtyLots: qty }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('move' as const), id, priceTicks: price }) },
);

describe('OrderBook against NaiveOrderBook', () => {
  it('gives identical codes, events, L2 and snapshots on random command streams; invariants hold throughout', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 150 }), (commands) => {
        const fast = new OrderBook(2, 1); // tiny capacities: pool and ladder growth are exercised
        const naive = new NaiveOrderBook();
        for (const c of commands) {
          const a = fast.apply(c);
          const b = naive.apply(c);
          expect(a.code).toBe(b.code);
          expect(a.events.toArray()).toEqual(b.events);
          fast.checkInvariants();
          expect(fast.l2()).toEqual(naive.l2());
          expect(fast.l2(2)).toEqual(naive.l2(2));
          expect(fast.size).toBe(naive.size);
        }
        expect(fast.snapshot()).toEqual(naive.snapshot());
      }),
      { numRuns: 300 },
    );
  });

  it('restore(snapshot) then the same commands gives the same events as the original book', () => {
    fc.assert(
      fc.property(
        fc.array(commandArb, { maxLength: 80 }),
        fc.array(commandArb, { maxLength: 80 }),
        (prefix, suffix) => {
          const original = new OrderBook();
          for (const c of prefix) original.apply(c);
          const restored = new OrderBook(1, 1);
          restored.apply({ type: 'limit', id: 999, owner: 9, side: 'buy', priceTicks: 1, qtyLots: 1, tif: 'GTC' });
          restored.restore(JSON.parse(JSON.stringify(original.snapshot())));
          expect(restored.l2()).toEqual(original.l2());
          for (const c of suffix) {
            const a = original.apply(c);
            const b = restored.apply(c);
            expect(b.code).toBe(a.code);
            expect(b.events.toArray()).toEqual(a.events.toArray());
          }
          restored.checkInvariants();
          expect(restored.snapshot()).toEqual(original.snapshot());
        },
      ),
      { numRuns: 200 },
    );
  });
});
