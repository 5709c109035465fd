import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { BIG, btc, createOrdersTestApp, type TradingTestApp } from './helpers.ts';

/**
 * Bad input to the margin order calls through the HTTP API: lots, leverage, stop loss and take
 * profit, malformed bodies and ids, unauthenticated calls. Every refusal is a catalogue code
 * naming the field and moves no money. The market feed is off: every price comes from a tick the
 * test records.
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
    it('answers 10016 for lots off the grid, outside min..max, negative, huge or not a string', async () => {
      const u = await t.user();
      for (const lots of [
        '0.0001',
        '0',
        '0.000',
        '51',
        '50.001',
        '-1',
        '1e3',
        '+1',
        ' 1',
        '.5',
        '1.',
        '99999999999999999999999',
        BIG,
        '',
        1,
        null,
        true,
      ]) {
        const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, lots }), true);
        expect(res, String(lots).slice(0, 20)).toMatchObject({ code: 10016, field: 'lots', result: null });
      }
      expect((await t.post('buyU', u.token, btc({ instrumentId: btcId, lots: '50' }), true)).code).toBe(10011);
      expect(await t.balance(u.id, 'demo')).toEqual({ available: '100000.000000', locked: '0.000000' });
    });

    it('accepts leverage 1..the instrument’s maximum and answers 40001 field leverage otherwise', async () => {
      const u = await t.user();
      for (const leverage of [0, -1, 51, 1.5, '10', null, 1e9, BIG]) {
        const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, lots: '0.001', leverage }), true);
        expect(res, String(leverage).slice(0, 20)).toMatchObject({ code: 40001, field: 'leverage' });
      }
      for (const leverage of [1, 50]) {
        const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, lots: '0.001', leverage }), true);
        expect(res.code).toBe(200);
        expect(res.result.leverage).toBe(leverage);
      }
    });

    it('checks stop loss and take profit against side and price (40011), malformed prices 40001', async () => {
      const u = await t.user();
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      const cases: [Record<string, unknown>, number, string][] = [
        [{ side: 'buy', stopLoss: '94990.00' }, 40011, 'stopLoss'], // equal to the bid
        [{ side: 'buy', stopLoss: '96000.00' }, 40011, 'stopLoss'],
        [{ side: 'buy', takeProfit: '94990.00' }, 40011, 'takeProfit'],
        [{ side: 'buy', takeProfit: '90000.00' }, 40011, 'takeProfit'],
        [{ side: 'sell', stopLoss: '95000.00' }, 40011, 'stopLoss'], // equal to the ask
        [{ side: 'sell', stopLoss: '94000.00' }, 40011, 'stopLoss'],
        [{ side: 'sell', takeProfit: '96000.00' }, 40011, 'takeProfit'],
        [{ side: 'buy', stopLoss: '94000.001' }, 40001, 'stopLoss'], // off the tick grid
        [{ side: 'buy', stopLoss: '0' }, 40001, 'stopLoss'],
        [{ side: 'buy', stopLoss: '-1' }, 40001, 'stopLoss'],
        [{ side: 'buy', takeProfit: 100000 }, 40001, 'takeProfit'],
        [{ side: 'buy', takeProfit: BIG }, 40001, 'takeProfit'],
      ];
      for (const [o, code, field] of cases) {
        const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, ...o }), true);
        expect(res, JSON.stringify(o)).toMatchObject({ code, field, result: null });
      }
      expect(await t.balance(u.id, 'demo')).toEqual({ available: '100000.000000', locked: '0.000000' });
      const ok = await t.post(
        'buyU',
        u.token,
        btc({ instrumentId: btcId, stopLoss: '', takeProfit: '96000.00' }),
        true,
      );
      expect(ok.result).toMatchObject({ stopLoss: null, takeProfit: '96000.00' });
      const en = await t.post('buyU', u.token, btc({ instrumentId: btcId, stopLoss: '99999.00' }), true);
      expect(en.msg).toMatch(/unreasonable/i);
    });

    it('answers bad input with a catalogue code naming the field, never a stack trace', async () => {
      const u = await t.user();
      const cases: [unknown, number, string][] = [
        [btc({ instrumentId: 99_999 }), 80005, ''],
        [btc({ instrumentId: 'BTCUSDT' }), 40001, 'instrumentId'],
        [btc({ instrumentId: -1 }), 40001, 'instrumentId'],
        [btc({ instrumentId: 2 ** 53 }), 40001, 'instrumentId'],
        [btc({ instrumentId: btcId, side: 'long' }), 40001, 'side'],
        [btc({ instrumentId: btcId, side: BIG }), 40001, 'side'],
        [btc({ instrumentId: btcId, type: 'fok' }), 40001, 'type'],
        [btc({ instrumentId: btcId, clientOrderId: BIG }), 40001, 'clientOrderId'],
        [btc({ instrumentId: btcId, clientOrderId: 'a b' }), 40001, 'clientOrderId'],
        [btc({ instrumentId: btcId, price: BIG }), 40001, 'price'],
        [{}, 40001, 'instrumentId'],
        [[], 40001, 'body'],
      ];
      for (const [body, code, field] of cases) {
        const res = await t.post('buyU', u.token, body, true);
        expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(code);
        if (field) expect(res.field, JSON.stringify(body).slice(0, 80)).toBe(field);
        expect(res.result).toBeNull();
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: '/swx/customer/order/buyU',
        headers: { authorization: u.token, 'content-type': 'application/json' },
        payload: '{"instrumentId":',
      });
      expect(raw.json()).toMatchObject({ code: 40001, result: null });
      for (const path of ['stopU', 'chedan', 'updateU']) {
        for (const id of [-1, 0, '1', 1.5, BIG, null]) {
          expect((await t.post(path, u.token, { id }, true)).code, `${path} ${String(id).slice(0, 10)}`).toBe(40001);
        }
        expect((await t.post(path, u.token, { id: 987_654_321 }, true)).code).toBe(80005);
      }
      expect((await t.post('stopU', u.token, { id: 1, lots: BIG }, true)).code).toBe(10016);
      expect((await t.get('getUOrderById/987654321', u.token)).code).toBe(80005);
      expect((await t.get('getUOrderById/abc', u.token)).code).toBe(40001);
      for (const [k, v] of [
        ['status', '0'],
        ['status', '5'],
        ['status', 'x'],
        ['page', '0'],
        ['size', '101'],
        ['size', BIG],
      ]) {
        const res = await t.get('listUOrder', u.token, { [k!]: v! });
        expect(res, `${k}=${v!.slice(0, 10)}`).toMatchObject({ code: 40001, field: k });
      }
      for (const [method, path] of [
        ['POST', 'buyU'],
        ['POST', 'stopU'],
        ['POST', 'chedan'],
        ['POST', 'updateU'],
        ['POST', 'previewU'],
        ['GET', 'listUOrder'],
        ['GET', 'getProfitTotal'],
        ['GET', 'getMarginAccount'],
        ['GET', 'getUOrderById/1'],
      ] as const) {
        const res = await t.call(
          method,
          `/swx/customer/order/${path}`,
          method === 'POST' ? { body: btc({ id: 1, instrumentId: btcId }) } : {},
        );
        expect(res.status, path).toBe(401);
        expect(res.body.code, path).toBe(401);
      }
    });
  });
});
