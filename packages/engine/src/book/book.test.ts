import { describe, expect, it } from 'vitest';
import { OrderBook } from './book.ts';
import type { BookCommand, BookEvent, ResultCode, TimeInForce } from './types.ts';

type Side = 'buy' | 'sell';
const limit = (id: number, owner: number, side: Side, priceTicks: number, qtyLots: number, tif: TimeInForce = 'GTC') =>
  ({ type: 'limit', id, owner, side, priceTicks, qtyLots, tif }) as const;
const market = (id: number, owner: number, side: Side, qtyLots: number, protectionPriceTicks: number) =>
  ({ type: 'market', id, owner, side, qtyLots, protectionPriceTicks }) as const;
const cancel = (id: number) => ({ type: 'cancel', id }) as const;
const reduce = (id: number, qtyLots: number) => ({ type: 'reduce', id, qtyLots }) as const;
const move = (id: number, priceTicks: number) => ({ type: 'move', id, priceTicks }) as const;

const trade = (side: Side, takerId: number, makerId: number, priceTicks: number, qtyLots: number, takerOwner = 9) =>
  ({ type: 'trade', side, takerId, takerOwner, makerId, makerOwner: makerId * 10, priceTicks, qtyLots }) as const;
const resting = (side: Side, id: number, owner: number, priceTicks: number, qtyLots: number) =>
  ({ type: 'resting', side, id, owner, priceTicks, qtyLots }) as const;

/** Makers: ids 1..n with owner id*10, asks at 101.., bids at 99.. */
function seeded(): OrderBook {
  const book = new OrderBook(4, 2); // tiny capacities: growth paths are exercised too
  const seed: BookCommand[] = [
    limit(1, 10, 'sell', 101, 5),
    limit(2, 20, 'sell', 101, 3),
    limit(3, 30, 'sell', 102, 4),
    limit(4, 40, 'sell', 104, 10),
    limit(5, 50, 'buy', 99, 5),
    limit(6, 60, 'buy', 98, 7),
  ];
  for (const c of seed) expect(book.apply(c).code).toBe('ok');
  return book;
}

function run(book: OrderBook, c: BookCommand): { code: ResultCode; events: BookEvent[] } {
  const r = book.apply(c);
  const out = { code: r.code, events: r.events.toArray() };
  book.checkInvariants();
  return out;
}

interface Case {
  name: string;
  cmds: BookCommand[];
  code: ResultCode;
  events: BookEvent[];
  bids?: [number, number, number][];
  asks?: [number, number, number][];
}

const cases: Case[] = [
  {
    name: 'GTC buy below the ask rests',
    cmds: [limit(7, 9, 'buy', 100, 2)],
    code: 'ok',
    events: [resting('buy', 7, 9, 100, 2)],
    bids: [
      [100, 2, 1],
      [99, 5, 1],
      [98, 7, 1],
    ],
  },
  {
    name: 'GTC partial fill at the first level, first in first out, rest rests',
    cmds: [limit(7, 9, 'buy', 101, 10)],
    code: 'ok',
    events: [trade('buy', 7, 1, 101, 5), trade('buy', 7, 2, 101, 3), resting('buy', 7, 9, 101, 2)],
    asks: [
      [102, 4, 1],
      [104, 10, 1],
    ],
    bids: [
      [101, 2, 1],
      [99, 5, 1],
      [98, 7, 1],
    ],
  },
  {
    name: 'sweep over several levels at the makers’ prices, maker left partially filled',
    cmds: [limit(7, 9, 'buy', 104, 15)],
    code: 'ok',
    events: [
      trade('buy', 7, 1, 101, 5),
      trade('buy', 7, 2, 101, 3),
      trade('buy', 7, 3, 102, 4),
      trade('buy', 7, 4, 104, 3),
    ],
    asks: [[104, 7, 1]],
  },
  {
    name: 'sell sweep of the bids',
    cmds: [limit(7, 9, 'sell', 98, 6)],
    code: 'ok',
    events: [trade('sell', 7, 5, 99, 5), trade('sell', 7, 6, 98, 1)],
    bids: [[98, 6, 1]],
  },
  {
    name: 'IOC fills what it can, the rest is cancelled',
    cmds: [limit(7, 9, 'buy', 101, 10, 'IOC')],
    code: 'ok',
    events: [
      trade('buy', 7, 1, 101, 5),
      trade('buy', 7, 2, 101, 3),
      { type: 'cancelled', side: 'buy', id: 7, owner: 9, priceTicks: 101, qtyLots: 2, reason: 'unfilled' },
    ],
    bids: [
      [99, 5, 1],
      [98, 7, 1],
    ],
  },
  {
    name: 'FOK that cannot fill is rejected and changes nothing',
    cmds: [limit(7, 9, 'buy', 102, 13, 'FOK')],
    code: 'fok_cannot_fill',
    events: [],
    asks: [
      [101, 8, 2],
      [102, 4, 1],
      [104, 10, 1],
    ],
  },
  {
    name: 'FOK that can fill fills entirely',
    cmds: [limit(7, 9, 'buy', 102, 12, 'FOK')],
    code: 'ok',
    events: [trade('buy', 7, 1, 101, 5), trade('buy', 7, 2, 101, 3), trade('buy', 7, 3, 102, 4)],
    asks: [[104, 10, 1]],
  },
  {
    name: 'FOK does not count the taker owner’s own orders',
    cmds: [limit(7, 10, 'buy', 101, 4, 'FOK')],
    code: 'fok_cannot_fill',
    events: [],
  },
  {
    name: 'post-only that would cross is rejected',
    cmds: [limit(7, 9, 'buy', 101, 1, 'POST_ONLY')],
    code: 'post_only_would_cross',
    events: [],
  },
  {
    name: 'post-only that does not cross rests',
    cmds: [limit(7, 9, 'sell', 100, 1, 'POST_ONLY')],
    code: 'ok',
    events: [resting('sell', 7, 9, 100, 1)],
  },
  {
    name: 'market order bounded by its protection price; the rest is cancelled',
    cmds: [market(7, 9, 'buy', 20, 102)],
    code: 'ok',
    events: [
      trade('buy', 7, 1, 101, 5),
      trade('buy', 7, 2, 101, 3),
      trade('buy', 7, 3, 102, 4),
      { type: 'cancelled', side: 'buy', id: 7, owner: 9, priceTicks: 102, qtyLots: 8, reason: 'unfilled' },
    ],
    asks: [[104, 10, 1]],
  },
  {
    name: 'market sell into the bids',
    cmds: [market(7, 9, 'sell', 3, 1)],
    code: 'ok',
    events: [trade('sell', 7, 5, 99, 3)],
    bids: [
      [99, 2, 1],
      [98, 7, 1],
    ],
  },
  {
    name: 'self-trade prevention cancels the resting maker of the same owner, the taker goes on',
    cmds: [limit(7, 10, 'buy', 101, 4)],
    code: 'ok',
    events: [
      { type: 'cancelled', side: 'sell', id: 1, owner: 10, priceTicks: 101, qtyLots: 5, reason: 'self_trade' },
      trade('buy', 7, 2, 101, 3, 10),
      resting('buy', 7, 10, 101, 1),
    ],
  },
  {
    name: 'cancel removes the order and reports its rest',
    cmds: [cancel(3)],
    code: 'ok',
    events: [{ type: 'cancelled', side: 'sell', id: 3, owner: 30, priceTicks: 102, qtyLots: 4, reason: 'user' }],
    asks: [
      [101, 8, 2],
      [104, 10, 1],
    ],
  },
  { name: 'cancel of an unknown order', cmds: [cancel(77)], code: 'unknown_order', events: [] },
  {
    name: 'cancel of an order already filled',
    cmds: [limit(7, 9, 'buy', 101, 5), cancel(1)],
    code: 'unknown_order',
    events: [],
  },
  { name: 'cancel twice', cmds: [cancel(1), cancel(1)], code: 'unknown_order', events: [] },
  { name: 'duplicate id of a resting order', cmds: [limit(1, 9, 'buy', 90, 1)], code: 'duplicate_id', events: [] },
  { name: 'duplicate id on a market order', cmds: [market(5, 9, 'sell', 1, 1)], code: 'duplicate_id', events: [] },
  {
    name: 'reduce keeps priority',
    cmds: [reduce(1, 4), limit(7, 9, 'buy', 101, 2)],
    code: 'ok',
    events: [trade('buy', 7, 1, 101, 1), trade('buy', 7, 2, 101, 1)],
    asks: [
      [101, 2, 1],
      [102, 4, 1],
      [104, 10, 1],
    ],
  },
  {
    name: 'reduce reports the remaining quantity',
    cmds: [reduce(1, 2)],
    code: 'ok',
    events: [{ type: 'reduced', side: 'sell', id: 1, owner: 10, priceTicks: 101, qtyLots: 3, reducedLots: 2 }],
  },
  {
    name: 'reduce by the whole rest removes the order',
    cmds: [reduce(3, 9)],
    code: 'ok',
    events: [{ type: 'reduced', side: 'sell', id: 3, owner: 30, priceTicks: 102, qtyLots: 0, reducedLots: 4 }],
    asks: [
      [101, 8, 2],
      [104, 10, 1],
    ],
  },
  { name: 'reduce of an unknown order', cmds: [reduce(77, 1)], code: 'unknown_order', events: [] },
  { name: 'reduce by zero', cmds: [reduce(1, 0)], code: 'invalid_qty', events: [] },
  {
    name: 'move to the same price loses priority',
    cmds: [move(1, 101), limit(7, 9, 'buy', 101, 3)],
    code: 'ok',
    events: [trade('buy', 7, 2, 101, 3)],
  },
  {
    name: 'move reports old and new price and rests',
    cmds: [move(3, 103)],
    code: 'ok',
    events: [
      { type: 'moved', side: 'sell', id: 3, owner: 30, fromPriceTicks: 102, priceTicks: 103, qtyLots: 4 },
      resting('sell', 3, 30, 103, 4),
    ],
    asks: [
      [101, 8, 2],
      [103, 4, 1],
      [104, 10, 1],
    ],
  },
  {
    name: 'move across the spread trades as a taker',
    cmds: [move(5, 101)],
    code: 'ok',
    events: [
      { type: 'moved', side: 'buy', id: 5, owner: 50, fromPriceTicks: 99, priceTicks: 101, qtyLots: 5 },
      trade('buy', 5, 1, 101, 5, 50),
    ],
    bids: [[98, 7, 1]],
  },
  {
    name: 'a post-only order cannot be moved across the spread',
    cmds: [limit(7, 9, 'sell', 103, 1, 'POST_ONLY'), move(7, 99)],
    code: 'post_only_would_cross',
    events: [],
  },
  { name: 'move of an unknown order', cmds: [move(77, 100)], code: 'unknown_order', events: [] },
  { name: 'zero quantity', cmds: [limit(7, 9, 'buy', 100, 0)], code: 'invalid_qty', events: [] },
  { name: 'fractional quantity', cmds: [limit(7, 9, 'buy', 100, 1.5)], code: 'invalid_qty', events: [] },
  { name: 'negative price', cmds: [limit(7, 9, 'buy', -1, 1)], code: 'invalid_price', events: [] },
  { name: 'unsafe price', cmds: [limit(7, 9, 'buy', 2 ** 53, 1)], code: 'invalid_price', events: [] },
  { name: 'market without protection', cmds: [market(7, 9, 'buy', 1, 0)], code: 'invalid_price', events: [] },
  { name: 'fractional id', cmds: [limit(7.5, 9, 'buy', 100, 1)], code: 'invalid_id', events: [] },
  { name: 'negative owner', cmds: [limit(7, -9, 'buy', 100, 1)], code: 'invalid_id', events: [] },
  {
    name: 'unknown time in force',
    cmds: [limit(7, 9, 'buy', 100, 1, 'DAY' as TimeInForce)],
    code: 'invalid_command',
    events: [],
  },
];

describe('OrderBook scenarios', () => {
  for (const c of cases) {
    it(c.name, () => {
      const book = seeded();
      const before = book.l2();
      let last = run(book, c.cmds[0]!);
      for (const cmd of c.cmds.slice(1)) last = run(book, cmd);
      expect(last).toEqual({ code: c.code, events: c.events });
      const l2 = book.l2();
      const toRows = (ls: { priceTicks: number; qtyLots: number; orders: number }[]) =>
        ls.map((l) => [l.priceTicks, l.qtyLots, l.orders]);
      if (c.bids) expect(toRows(l2.bids)).toEqual(c.bids);
      if (c.asks) expect(toRows(l2.asks)).toEqual(c.asks);
      if (c.code !== 'ok' && c.cmds.length === 1) expect(l2).toEqual(before);
    });
  }

  it('l2 respects depth and orders levels best first', () => {
    const book = seeded();
    expect(book.l2(1)).toEqual({
      bids: [{ priceTicks: 99, qtyLots: 5, orders: 1 }],
      asks: [{ priceTicks: 101, qtyLots: 8, orders: 2 }],
    });
  });

  it('an id is free again once its order has left the book', () => {
    const book = seeded();
    run(book, cancel(1));
    expect(run(book, limit(1, 10, 'sell', 105, 1)).code).toBe('ok');
  });

  it('events are overwritten by the next apply (the buffer is reused)', () => {
    const book = seeded();
    const r1 = book.apply(limit(7, 9, 'buy', 101, 1));
    expect(r1.events.length).toBe(1);
    const r2 = book.apply(cancel(77));
    expect(r2).toBe(r1);
    expect(r2.events.length).toBe(0);
  });

  it('the event buffer grows past its capacity', () => {
    const book = new OrderBook();
    for (let i = 1; i <= 600; i++) book.apply(limit(i, i, 'sell', 100 + (i % 7), 1));
    const r = book.apply(market(1000, 0, 'buy', 1000, 200));
    expect(r.events.length).toBe(601);
    expect(r.events.get(600)).toMatchObject({ type: 'cancelled', qtyLots: 400, reason: 'unfilled' });
    book.checkInvariants();
  });

  it('snapshot is plain data and restore gives the same book', () => {
    const book = seeded();
    run(book, limit(7, 9, 'sell', 101, 2, 'POST_ONLY'));
    const snap = JSON.parse(JSON.stringify(book.snapshot()));
    const copy = new OrderBook();
    copy.restore(snap);
    expect(copy.snapshot()).toEqual(book.snapshot());
    expect(copy.l2()).toEqual(book.l2());
    expect(run(copy, limit(8, 9, 'buy', 104, 30))).toEqual(run(book, limit(8, 9, 'buy', 104, 30)));
  });
});
