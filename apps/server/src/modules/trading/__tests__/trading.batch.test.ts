import type { UOrder } from '@openbourse/contracts/trading.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DRIVERS } from '../../../test/db.ts';
import { eventOutbox } from '../../events/events.tables.ts';
import { orderEventsOf } from '../trading.events.ts';
import { cfdFills } from '../trading.tables.ts';
import { createOrdersTestApp, type TradingTestApp } from './helpers.ts';

/**
 * Group commit (trading.batch.ts): market orders arriving together are written in shared
 * transactions, and each still gets exactly what it would get alone — its own refusal when its
 * user's balance cannot pay for it (counted in arrival order against the locked balance), its own
 * replay for a repeated clientOrderId, its margin held, fee taken, fill and event written.
 */
describe.each(DRIVERS)('market order batches on %s', (driver) => {
  let t: TradingTestApp;
  let ethId = 0;
  beforeAll(async () => {
    t = await createOrdersTestApp(driver);
    await t.tick('ETHUSDT', '3199.00', '3200.00');
    ethId = (await t.inst('ETHUSDT')).id;
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('writes 120 racing orders of 40 users in batches, each user paying for exactly the two that fit', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => t.user({ real: '1304' })));
    // 1.25 lots at 3200, leverage 10: 400 margin + 4 fee. A user's first order creates their locked
    // account (the ordinary path); the next ones take the batches.
    const body = { instrumentId: ethId, side: 'buy', lots: '1.25', leverage: 10 };
    for (const u of users) expect((await t.post<UOrder>('buyU', u.token, body)).code).toBe(200);
    const before = t.services.trading.batchStats();
    // 900 left pays for two of the three.
    const results = await Promise.all(
      users.flatMap((u) => [0, 1, 2].map(() => t.post<UOrder>('buyU', u.token, body).then((r) => ({ u, r })))),
    );
    for (const u of users) {
      const mine = results.filter((x) => x.u === u).map((x) => x.r.code);
      expect(mine.sort((a, b) => a - b)).toEqual([200, 200, 10011]);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '92.000000', locked: '1200.000000' });
    }
    const after = t.services.trading.batchStats();
    const orders = after.orders - before.orders;
    const batches = after.batches - before.batches;
    expect(orders).toBe(120);
    // Orders waited for one another's transactions: fewer transactions than orders. (The embedded
    // database has one connection: everything an order reads first waits there too, so orders
    // reach the batcher one at a time.)
    if (driver === 'postgres') expect(batches).toBeLessThan(orders);
    else expect(batches).toBeLessThanOrEqual(orders);

    // Each accepted order is whole: open, priced by the tick, its fill recorded.
    const opened = results.filter((x) => x.r.code === 200).map((x) => x.r.result);
    expect(new Set(opened.map((o) => o.id)).size).toBe(80);
    for (const o of opened)
      expect(o).toMatchObject({ state: 'open', openPrice: '3200.00', margin: '400.000000', fee: '4.000000' });
    const ids = await Promise.all(opened.map((o) => t.internalId(o.id)));
    const fills = await t.database.db
      .select({ orderId: cfdFills.orderId, tickId: cfdFills.tickId })
      .from(cfdFills)
      .where(inArray(cfdFills.orderId, ids));
    expect(fills).toHaveLength(80);
    const tick = opened[0]?.openTickId;
    expect(fills.every((f) => f.tickId === tick)).toBe(true);
    // A batch's openings travel as one event each batch: every order is in exactly one of them.
    const events = await t.database.db
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(eq(eventOutbox.topic, 'orders'));
    const pushed = events
      .flatMap((e) => orderEventsOf(e.payload))
      .map((e) => e.push.id)
      .filter((id) => opened.some((o) => o.id === id));
    expect(new Set(pushed).size).toBe(80);
    expect(pushed).toHaveLength(80);
    const openedIds = new Set(opened.map((o) => o.id));
    const carrying = events.filter((e) => orderEventsOf(e.payload).some((x) => openedIds.has(x.push.id)));
    expect(carrying.length).toBeLessThanOrEqual(batches);
    if (driver === 'postgres') expect(carrying.length).toBeLessThan(80);
  });

  it('answers racing retries of one clientOrderId with one order, inside a batch', async () => {
    const u = await t.user({ real: '5404' });
    const others = await Promise.all(Array.from({ length: 5 }, () => t.user({ real: '5404' })));
    const first = { instrumentId: ethId, side: 'buy', lots: '1.25', leverage: 10 };
    for (const x of [u, ...others]) expect((await t.post<UOrder>('buyU', x.token, first)).code).toBe(200);
    const body = { instrumentId: ethId, side: 'buy', lots: '1.25', leverage: 10, clientOrderId: 'batch-retry-1' };
    const plain = { instrumentId: ethId, side: 'sell', lots: '1.25', leverage: 10 };
    const results = await Promise.all([
      ...others.map((o) => t.post<UOrder>('buyU', o.token, plain)),
      ...[0, 1, 2, 3].map(() => t.post<UOrder>('buyU', u.token, body)),
    ]);
    expect(results.every((r) => r.code === 200)).toBe(true);
    const mine = results.slice(others.length).map((r) => r.result.id);
    expect(new Set(mine).size).toBe(1);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '4596.000000', locked: '800.000000' });
  });
});
