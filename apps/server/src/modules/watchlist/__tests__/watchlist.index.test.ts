import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertBook, type AlertItem, reached } from '../watchlist.index.ts';

/** The plain reference: a list, scanned whole at every price. */
class NaiveBook {
  items = new Map<number, AlertItem>();
  add(item: AlertItem) {
    if (this.items.has(item.id)) return false;
    this.items.set(item.id, { ...item });
    return true;
  }
  remove(id: number) {
    return this.items.delete(id);
  }
  onPrice(price: bigint) {
    const fired = [...this.items.values()].filter((i) => reached(i, price)).sort((a, b) => a.id - b.id);
    for (const f of fired) this.items.delete(f.id);
    return fired;
  }
}

type Op =
  | { op: 'add'; id: number; condition: 'above' | 'below'; target: bigint }
  | { op: 'remove'; id: number }
  | { op: 'price'; price: bigint };

const price = fc.bigInt({ min: 1n, max: 40n });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      id: fc.integer({ min: 1, max: 30 }),
      condition: fc.constantFrom('above' as const, 'below' as const),
      target: price,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('price' as const), price }) },
);

describe('AlertBook', () => {
  it('fires exactly what a plain list fires, in the same order, through any adds, removals and prices', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const fast = new AlertBook();
        const naive = new NaiveBook();
        for (const o of ops) {
          if (o.op === 'add') {
            const item = { id: o.id, condition: o.condition, target: o.target };
            expect(fast.add(item)).toBe(naive.add(item));
          } else if (o.op === 'remove') {
            expect(fast.remove(o.id)).toBe(naive.remove(o.id));
          } else {
            expect(fast.onPrice(o.price)).toEqual(naive.onPrice(o.price));
          }
          expect(fast.size).toBe(naive.items.size);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fires above at or over the target and below at or under it, each once', () => {
    const book = new AlertBook();
    book.add({ id: 1, condition: 'above', target: 100n });
    book.add({ id: 2, condition: 'below', target: 90n });
    book.add({ id: 3, condition: 'above', target: 101n });
    expect(book.onPrice(99n)).toEqual([]);
    expect(book.onPrice(100n).map((i) => i.id)).toEqual([1]);
    expect(book.onPrice(100n)).toEqual([]);
    expect(book.onPrice(90n).map((i) => i.id)).toEqual([2]);
    expect(book.onPrice(1000n).map((i) => i.id)).toEqual([3]);
    expect(book.size).toBe(0);
  });

  it('drops removed alerts from its heaps (rebuilt once they outnumber the live ones)', () => {
    const book = new AlertBook();
    for (let i = 0; i < 500; i++) {
      book.add({ id: i, condition: i % 2 ? 'above' : 'below', target: BigInt(i) });
      if (i % 10 !== 0) book.remove(i);
    }
    expect(book.size).toBe(50);
    const heaps = book as unknown as { above: { a: unknown[] }; below: { a: unknown[] } };
    expect(heaps.above.a.length + heaps.below.a.length).toBeLessThan(200);
    expect(book.onPrice(250n).map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => 250 + k * 10));
  });

  it('a removed alert that is added again is watched once, at its new target', () => {
    const book = new AlertBook();
    book.add({ id: 7, condition: 'above', target: 50n });
    book.remove(7);
    book.add({ id: 7, condition: 'above', target: 60n });
    expect(book.onPrice(55n)).toEqual([]);
    expect(book.onPrice(60n)).toEqual([{ id: 7, condition: 'above', target: 60n }]);
    expect(book.onPrice(70n)).toEqual([]);
  });
});
