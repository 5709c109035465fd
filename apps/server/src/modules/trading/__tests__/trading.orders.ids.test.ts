import type { ListUOrderResult, UOrder, UOrderDetail } from '@openbourse/contracts/trading.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingService } from '../trading.service.ts';
import { btc, createOrdersTestApp, type TradingTestApp } from './helpers.ts';

/**
 * Order identity through the HTTP API: a retried clientOrderId answers the first order, a reused
 * one with a different order 40016, a race on one settles on one order; public ids and order
 * numbers are random and internal ids find nothing. The market feed is off: every price comes
 * from a tick the test records.
 */
describe.each(DRIVERS)('margin orders on %s', (driver) => {
  let t: TradingTestApp;
  let btcId = 0;
  beforeAll(async () => {
    t = await createOrdersTestApp(driver);
    btcId = (await t.inst('BTCUSDT')).id;
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  describe('market orders', () => {
    it('answers a retry with the same clientOrderId with the first order, once', async () => {
      const u = await t.user();
      const body = btc({ instrumentId: btcId, clientOrderId: 'web-123' });
      const [a, b] = await Promise.all([t.post('buyU', u.token, body, true), t.post('buyU', u.token, body, true)]);
      const c = await t.post('buyU', u.token, body, true);
      expect([a.code, b.code, c.code]).toEqual([200, 200, 200]);
      expect(new Set([a.result.id, b.result.id, c.result.id]).size).toBe(1);
      expect(await t.balance(u.id, 'demo')).toEqual({ available: '99040.500000', locked: '950.000000' });
      // The same key in the other book is another order.
      await t.fund(u.id, '2000');
      const real = await t.post('buyU', u.token, body);
      expect(real.code).toBe(200);
      expect(real.result.id).not.toBe(a.result.id);
    });

    it('refuses a used clientOrderId with a different order (40016), answering the same order written differently', async () => {
      const u = await t.user();
      const body = btc({ instrumentId: btcId, lots: '0.1', stopLoss: '90000.00', clientOrderId: 'web-reuse' });
      const first = await t.post('buyU', u.token, body, true);
      expect(first.code).toBe(200);
      const after = await t.balance(u.id, 'demo');
      // The same order: decimals by value, a market order's price ignored, an empty take profit none.
      for (const same of [
        { ...body, lots: '0.100' },
        { ...body, stopLoss: '90000' },
        { ...body, type: 'market', price: '1.00' },
        { ...body, takeProfit: '' },
        { ...body, takeProfit: null },
      ]) {
        const res = await t.post('buyU', u.token, same, true);
        expect(res, JSON.stringify(same)).toMatchObject({ code: 200, result: { id: first.result.id } });
      }
      for (const other of [
        { ...body, lots: '0.2' },
        { ...body, side: 'sell', stopLoss: '99000.00' },
        { ...body, leverage: 5 },
        { ...body, stopLoss: '89000.00' },
        { ...body, stopLoss: null },
        { ...body, takeProfit: '99000.00' },
        { ...body, type: 'limit', price: '90000.00' },
        { ...body, instrumentId: (await t.inst('ETHUSDT')).id },
      ]) {
        const res = await t.post('buyU', u.token, other, true);
        expect(res, JSON.stringify(other)).toMatchObject({ code: 40016, field: 'clientOrderId', result: null });
        expect(res.msg).toMatch(/client order ID was already used/i);
      }
      expect(await t.balance(u.id, 'demo')).toEqual(after);
      expect((await t.get<ListUOrderResult>('listUOrder', u.token, {}, true)).result.total).toBe(1);
      // Keys are the user's own: another user's identical key is another order.
      const v = await t.user();
      const theirs = await t.post('buyU', v.token, { ...body, lots: '0.2' }, true);
      expect(theirs.code).toBe(200);
      expect(theirs.result.id).not.toBe(first.result.id);
    });

    it('settles a race on one clientOrderId: one order, the same request answered with it, a different one 40016', async () => {
      const u = await t.user();
      await t.post('previewU', u.token, btc({ instrumentId: btcId }), true); // funds the demo book first
      const key = 'web-race';
      const a = btc({ instrumentId: btcId, lots: '0.1', clientOrderId: key });
      const b = btc({ instrumentId: btcId, lots: '0.2', side: 'sell', clientOrderId: key });
      const bodies = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b));
      const results = await Promise.all(bodies.map((body) => t.post('buyU', u.token, body, true)));
      const ok = results.filter((r) => r.code === 200);
      const refused = results.filter((r) => r.code === 40016);
      expect(ok.length + refused.length, JSON.stringify(results.map((r) => r.code))).toBe(20);
      expect(ok).toHaveLength(10);
      expect(refused.every((r) => r.field === 'clientOrderId')).toBe(true);
      const ids = new Set(ok.map((r) => r.result.id));
      expect(ids.size).toBe(1);
      const winner = ok[0]!.result;
      // Whichever body won, every request carrying it was answered with the order; the others refused.
      const won = winner.side === 'buy' ? a : b;
      expect(results.map((r) => r.code)).toEqual(bodies.map((body) => (body === won ? 200 : 40016)));
      const list = await t.get<ListUOrderResult>('listUOrder', u.token, {}, true);
      expect(list.result.list.map((o) => o.id)).toEqual([winner.id]);
      expect((await t.balance(u.id, 'demo')).locked).toBe(winner.marginHeld);
      expect((await t.post('buyU', u.token, won, true)).result.id).toBe(winner.id);
      expect((await t.post('buyU', u.token, won === a ? b : a, true)).code).toBe(40016);
    });

    it('shows random public ids and order numbers: consecutive orders do not count, internal ids find nothing', async () => {
      const u = await t.user();
      const placed: UOrder[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, type: 'limit', price: '90000.00' }), true);
        expect(res.code).toBe(200);
        placed.push(res.result);
      }
      const internal = await Promise.all(placed.map((o) => t.internalId(o.id)));
      // Internally the orders are numbered one after the other; users see nothing of that.
      for (let i = 1; i < 5; i++) {
        expect(internal[i]! - internal[i - 1]!).toBe(1);
        expect(Math.abs(placed[i]!.id - placed[i - 1]!.id)).toBeGreaterThan(1_000_000);
      }
      for (const [i, o] of placed.entries()) {
        expect(o.id).toBeGreaterThanOrEqual(2 ** 52);
        expect(o.id).toBeLessThan(2 ** 53);
        expect(o.orderNo).toBe(`U20261118${o.id}`);
        expect(o.orderNo).not.toContain(String(internal[i]).padStart(6, '0'));
      }
      expect(new Set(placed.map((o) => o.orderNo)).size).toBe(5);
      // Newest first still means placement order, not the order of the random ids.
      const list = await t.get<ListUOrderResult>('listUOrder', u.token, {}, true);
      expect(list.result.list.map((o) => o.id)).toEqual(placed.map((o) => o.id).reverse());
      // The internal id of one's own order, or of someone else's, finds nothing.
      const other = await t.user();
      const theirs = await t.post(
        'buyU',
        other.token,
        btc({ instrumentId: btcId, type: 'limit', price: '90000.00' }),
        true,
      );
      for (const id of [internal[0]!, await t.internalId(theirs.result.id)]) {
        expect((await t.get(`getUOrderById/${id}`, u.token, undefined, true)).code).toBe(80005);
        expect((await t.post('chedan', u.token, { id }, true)).code).toBe(80005);
        expect((await t.post('stopU', u.token, { id }, true)).code).toBe(80005);
        expect((await t.post('updateU', u.token, { id, stopLoss: null }, true)).code).toBe(80005);
      }
      // And the public id of someone else's order is theirs alone.
      expect((await t.get(`getUOrderById/${theirs.result.id}`, u.token, undefined, true)).code).toBe(80005);
      expect((await t.post('chedan', u.token, { id: theirs.result.id }, true)).code).toBe(80005);
      const detail = await t.get<UOrderDetail>(`getUOrderById/${placed[0]!.id}`, u.token, undefined, true);
      expect(detail.result).toMatchObject({ id: placed[0]!.id, orderNo: placed[0]!.orderNo });
      for (const o of [...placed, theirs.result]) {
        const owner = o === theirs.result ? other : u;
        expect((await t.post('chedan', owner.token, { id: o.id }, true)).code).toBe(200);
      }
    });

    it('draws another public id when the one drawn is taken, and gives up after a few draws', async () => {
      const u = await t.user();
      const first = await t.post('buyU', u.token, btc({ instrumentId: btcId }), true);
      const taken = first.result.id;
      const fresh = 2 ** 52 + 12_345;
      const draws = [taken, taken, fresh];
      const s = t.services;
      const service = createTradingService({
        db: t.database.db,
        clock: t.clock,
        ledger: s.ledger,
        market: s.market,
        params: s.params,
        publicIds: () => draws.shift() ?? taken,
      });
      await service.start();
      try {
        const input = { instrumentId: btcId, side: 'buy', type: 'market', lots: '0.1', leverage: 10 } as const;
        const order = await service.buy(u.id, 'demo', input);
        expect(order).toMatchObject({ id: fresh, orderNo: `U20261118${fresh}` });
        expect(draws).toEqual([]);
        const before = await t.balance(u.id, 'demo');
        // Only taken ids from now on: refused after a few draws, nothing written.
        await expect(service.buy(u.id, 'demo', input)).rejects.toThrow(/no unused public order id/);
        expect(await t.balance(u.id, 'demo')).toEqual(before);
        expect((await t.get<ListUOrderResult>('listUOrder', u.token, {}, true)).result.total).toBe(2);
      } finally {
        await service.stop();
      }
    });
  });
});
