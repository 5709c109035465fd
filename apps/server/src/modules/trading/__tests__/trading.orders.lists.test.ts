import type { ListUOrderResult, MarginAccount, ProfitTotal } from '@openbourse/contracts/trading.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { btc, createOrdersTestApp, minor, type TradingTestApp, usdt, WEDNESDAY_OPEN } from './helpers.ts';

/**
 * Reading orders back through the HTTP API: listUOrder by status and page (the history of closed
 * and cancelled orders together), getProfitTotal, getMarginAccount, the home page's 24 h volume
 * and the OpenAPI document. The market feed is off: every price comes from a tick the test records.
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
    it('pages through the history (closed and cancelled together), newest ended first', async () => {
      const u = await t.user();
      const ended: number[] = [];
      for (let i = 0; i < 5; i++) {
        t.clock.advance(60_000);
        if (i % 2 === 0) {
          const open = await t.post('buyU', u.token, btc({ instrumentId: btcId }), true);
          t.clock.advance(1_000);
          expect((await t.post('stopU', u.token, { id: open.result.id }, true)).code).toBe(200);
          ended.push(open.result.id);
        } else {
          const limit = await t.post(
            'buyU',
            u.token,
            btc({ instrumentId: btcId, type: 'limit', price: '90000.00' }),
            true,
          );
          ended.push(limit.result.id);
        }
      }
      // The limit orders are cancelled last, so they end after the closes placed after them.
      for (const id of [ended[3]!, ended[1]!]) {
        t.clock.advance(60_000);
        expect((await t.post('chedan', u.token, { id }, true)).code).toBe(200);
      }
      const expected = [ended[1], ended[3], ended[4], ended[2], ended[0]];
      const page = (n: number) =>
        t.get<ListUOrderResult>(`listUOrder?status=3&status=4&page=${n}&size=2`, u.token, undefined, true);
      const pages = await Promise.all([1, 2, 3].map(page));
      expect(pages.map((p) => p.result.total)).toEqual([5, 5, 5]);
      expect(pages.flatMap((p) => p.result.list.map((o) => o.id))).toEqual(expected);
      expect(pages.flatMap((p) => p.result.list.map((o) => o.state))).toEqual([
        'cancelled',
        'cancelled',
        'closed',
        'closed',
        'closed',
      ]);
      // One status alone, and a bad one among several.
      expect((await t.get<ListUOrderResult>('listUOrder', u.token, { status: '4' }, true)).result.total).toBe(2);
      const bad = await t.get<ListUOrderResult>('listUOrder?status=3&status=9', u.token, undefined, true);
      expect(bad).toMatchObject({ code: 40001, field: 'status.1' });
    });
  });

  describe('lists and totals', () => {
    it('lists by status, newest first, a page at a time, with live profit for open positions', async () => {
      const u = await t.user();
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      const a = await t.post('buyU', u.token, btc({ instrumentId: btcId }), true);
      const b = await t.post('buyU', u.token, btc({ instrumentId: btcId, side: 'sell' }), true);
      const c = await t.post('buyU', u.token, btc({ instrumentId: btcId, type: 'limit', price: '90000.00' }), true);
      const d = await t.post('buyU', u.token, btc({ instrumentId: btcId, type: 'limit', price: '91000.00' }), true);
      await t.post('chedan', u.token, { id: d.result.id }, true);
      await t.tick('BTCUSDT', '95990.00', '96000.00');
      await t.post('stopU', u.token, { id: b.result.id }, true);
      const all = await t.get<ListUOrderResult>('listUOrder', u.token, {}, true);
      expect(all.result).toMatchObject({ total: 4, page: 1, size: 20 });
      expect(all.result.list.map((o) => o.id)).toEqual([d, c, b, a].map((o) => o.result.id));
      const byStatus = async (status: number) =>
        (await t.get<ListUOrderResult>('listUOrder', u.token, { status: String(status) }, true)).result.list.map(
          (o) => o.id,
        );
      expect(await byStatus(1)).toEqual([c.result.id]);
      expect(await byStatus(2)).toEqual([a.result.id]);
      expect(await byStatus(3)).toEqual([b.result.id]);
      expect(await byStatus(4)).toEqual([d.result.id]);
      const page2 = await t.get<ListUOrderResult>('listUOrder', u.token, { page: '2', size: '3' }, true);
      expect(page2.result).toMatchObject({ total: 4, page: 2, size: 3 });
      expect(page2.result.list.map((o) => o.id)).toEqual([a.result.id]);
      const open = all.result.list.find((o) => o.id === a.result.id)!;
      // Long 0.1 from 95000 valued at the bid 95990: +99.
      expect(open).toMatchObject({ currentPrice: '95990.00', unrealisedProfit: '99.000000', profit: '99.000000' });
      const closed = all.result.list.find((o) => o.id === b.result.id)!;
      // Short 0.1 from 94990 bought back at 96000: −101.
      expect(closed).toMatchObject({
        state: 'closed',
        closePrice: '96000.00',
        closeReason: 'manual',
        realisedProfit: '-101.000000',
        profit: '-101.000000',
        unrealisedProfit: null,
        currentPrice: null,
      });
      for (const key of [
        'id',
        'orderNo',
        'openPrice',
        'closePrice',
        'openTime',
        'closeTime',
        'lots',
        'leverage',
        'margin',
        'fee',
        'stopLoss',
        'takeProfit',
        'profit',
        'status',
      ] as const) {
        expect(closed, key).toHaveProperty(key);
      }
      const profit = await t.get<ProfitTotal>('getProfitTotal', u.token, undefined, true);
      expect(profit.result).toMatchObject({
        mode: 'demo',
        totalProfit: '-101.000000',
        todayProfit: '-101.000000',
        openProfit: '99.000000',
        totalFee: '18.999000', // two opening fees: 9.5 (at 95000) + 9.499 (at 94990)
        openPositions: 1,
        pendingOrders: 1,
      });
      const account = await t.get<MarginAccount>('getMarginAccount', u.token, undefined, true);
      const pendingHeld = minor(c.result.marginHeld);
      const available = 100_000_000_000n - minor('18.999000') - minor('101') - 950_000_000n - pendingHeld;
      const equity = available + 950_000_000n + pendingHeld + 99_000_000n;
      expect(account.result).toMatchObject({
        mode: 'demo',
        freeMargin: usdt(available),
        usedMargin: '950.000000',
        orderMargin: usdt(pendingHeld),
        openProfit: '99.000000',
        balance: usdt(available + 950_000_000n + pendingHeld),
        equity: usdt(equity),
        // The account's level is equity / used margin, rounded down to 4 places.
        marginLevel: ((l) => `${l / 10_000n}.${String(l % 10_000n).padStart(4, '0')}`)(
          (equity * 10_000n) / 950_000_000n,
        ),
        stopOutLevel: '0.5',
      });
      const empty = await t.get<MarginAccount>('getMarginAccount', u.token);
      expect(empty.result).toMatchObject({ mode: 'real', equity: '0.000000', marginLevel: null });
    });

    it('reports the real book’s traded notional as the home page’s 24 h volume', async () => {
      const before = await t.call<{ volume24hUsdt: string }>('GET', '/swx/customer/index/getHomeStats');
      const u = await t.user({ real: '2000' });
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      await t.post('buyU', u.token, btc({ instrumentId: btcId }), true); // demo: not counted
      const pos = await t.post('buyU', u.token, btc({ instrumentId: btcId }));
      await t.post('stopU', u.token, { id: pos.result.id });
      t.clock.advance(11_000);
      const after = await t.call<{ volume24hUsdt: string }>('GET', '/swx/customer/index/getHomeStats');
      // 9500 (open at 95000) + 9499 (close at 94990).
      expect(minor(after.body.result.volume24hUsdt) - minor(before.body.result.volume24hUsdt)).toBe(minor('18999'));
      t.clock.set(WEDNESDAY_OPEN);
    });

    it('documents every call in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      for (const p of [
        'buyU',
        'previewU',
        'stopU',
        'chedan',
        'updateU',
        'listUOrder',
        'getUOrderById/{id}',
        'getProfitTotal',
        'getMarginAccount',
      ]) {
        expect(doc.paths[`/swx/customer/order/${p}`], p).toBeDefined();
      }
    });
  });
});
