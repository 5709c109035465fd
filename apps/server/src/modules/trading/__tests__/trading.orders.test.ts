import type {
  ListUOrderResult,
  MarginAccount,
  OrderPreview,
  ProfitTotal,
  UOrder,
  UOrderDetail,
} from '@openbourse/contracts/trading.ts';
import {
  feeMinor,
  lotsToSteps,
  notionalMinor,
  openPosition,
  priceToTicks,
  requiredMarginMinor,
  stopOutTicks,
} from '@openbourse/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { engineInstrument, ticksToPriceString } from '../trading.pricing.ts';
import { createTradingService } from '../trading.service.ts';
import {
  BIG,
  createTradingTestApp,
  minor,
  type TradingTestApp,
  usdt,
  WEDNESDAY_OPEN,
  WEDNESDAY_US_CLOSED,
} from './helpers.ts';

/**
 * order/buyU, previewU, chedan, updateU, listUOrder, getUOrderById, getProfitTotal,
 * getMarginAccount through the HTTP API: every answer and error code, bad input, demo vs real.
 * The market feed is off: every price comes from a tick the test records.
 */
describe.each(DRIVERS)('margin orders on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    await t.tick('BTCUSDT', '94990.00', '95000.00');
    await t.tick('EURUSD', '1.16000', '1.16010');
    await t.tick('AAPL', '269.90', '270.00');
    await t.tick('SOLUSDT', '139.90', '140.00');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  const btc = (o: Record<string, unknown> = {}) => ({
    instrumentId: 0,
    side: 'buy',
    lots: '0.1',
    leverage: 10,
    ...o,
  });
  let btcId = 0;
  beforeAll(async () => {
    btcId = (await t.inst('BTCUSDT')).id;
  });

  describe('market orders', () => {
    it('opens a long at the ask in the demo book: margin and fee are the engine’s, the fill names its tick', async () => {
      const u = await t.user();
      const tick = await t.tick('BTCUSDT', '94990.00', '95000.00');
      const res = await t.post('buyU', u.token, btc({ instrumentId: btcId, stopLoss: '90000.00' }), true);
      expect(res.code).toBe(200);
      expect(res.msgCode).toBe(20004);
      const inst = await t.inst('BTCUSDT');
      const ins = engineInstrument(inst);
      const entry = priceToTicks(ins, '95000.00');
      const steps = lotsToSteps(ins, '0.1');
      const margin = requiredMarginMinor(ins, entry, steps, 10);
      const fee = feeMinor(ins, entry, steps);
      // By hand: 95000 × 0.1 = 9500 USDT notional; / 10 = 950 margin; × 0.001 = 9.5 fee.
      expect([usdt(margin), usdt(fee)]).toEqual(['950.000000', '9.500000']);
      const stopOut = stopOutTicks(
        ins,
        openPosition(ins, { side: 'buy', entryTicks: entry, qtySteps: steps, leverage: 10 }),
        '0.5',
      );
      expect(res.result).toMatchObject({
        side: 'buy',
        type: 'market',
        status: 2,
        state: 'open',
        lots: '0.100',
        openLots: '0.100',
        leverage: 10,
        openPrice: '95000.00',
        openTickId: tick.id,
        margin: usdt(margin),
        marginHeld: usdt(margin),
        fee: usdt(fee),
        stopLoss: '90000.00',
        takeProfit: null,
        stopOutPrice: ticksToPriceString(inst, stopOut!),
        stopOutLevel: '0.5',
        currentPrice: '94990.00',
        unrealisedProfit: '-1.000000',
        realisedProfit: '0.000000',
        closePrice: null,
      });
      // The public id and the order number built from it: 16 random digits, not a count of orders.
      expect(res.result.id).toBeGreaterThanOrEqual(2 ** 52);
      expect(res.result.id).toBeLessThan(2 ** 53);
      expect(res.result.orderNo).toBe(`U20261118${res.result.id}`);
      expect(await t.balance(u.id, 'demo')).toEqual({
        available: usdt(100_000_000_000n - margin - fee),
        locked: usdt(margin),
      });
      expect(await t.balance(u.id, 'real')).toEqual({ available: '0.000000', locked: '0.000000' });
      const detail = await t.get<UOrderDetail>(`getUOrderById/${res.result.id}`, u.token, undefined, true);
      expect(detail.result.fills).toEqual([
        expect.objectContaining({
          kind: 'open',
          reason: 'market',
          lots: '0.100',
          price: '95000.00',
          tickId: tick.id,
          notional: usdt(notionalMinor(ins, entry, steps)),
          fee: usdt(fee),
          margin: usdt(margin),
        }),
      ]);
      // Pinned in the fill's transaction (the market reports it once its buffer is flushed).
      await t.services.market.flush();
      const recorded = await t.services.market.getTick(tick.id);
      expect(recorded).toMatchObject({ ask: '95000.00', pinned: true });
    });

    it('opens a short at the bid, and the preview showed the same margin and fee before', async () => {
      const u = await t.user();
      await t.tick('EURUSD', '1.16000', '1.16010');
      const body = {
        instrumentId: (await t.inst('EURUSD')).id,
        side: 'sell',
        lots: '0.5',
        leverage: 100,
        takeProfit: '1.15000',
      };
      const preview = await t.post<OrderPreview>('previewU', u.token, body, true);
      expect(preview.code).toBe(200);
      // 1.16 × 0.5 × 100000 = 58000 USDT; / 100 = 580; × 0.0005 = 29.
      expect(preview.result).toMatchObject({
        price: '1.16000',
        notional: '58000.000000',
        margin: '580.000000',
        fee: '29.000000',
        cost: '609.000000',
        available: '100000.000000',
      });
      expect(await t.balance(u.id, 'demo')).toEqual({ available: '100000.000000', locked: '0.000000' });
      const res = await t.post('buyU', u.token, body, true);
      expect(res.result).toMatchObject({
        side: 'sell',
        openPrice: '1.16000',
        margin: preview.result.margin,
        fee: preview.result.fee,
        stopOutPrice: preview.result.stopOutPrice,
        takeProfit: '1.15000',
        currentPrice: '1.16010',
        unrealisedProfit: '-5.000000',
      });
    });

    it('keeps real and demo apart: the real book is empty (10011) until funded; orders are per book', async () => {
      const u = await t.user();
      const body = btc({ instrumentId: btcId });
      expect((await t.post('buyU', u.token, body)).code).toBe(10011);
      await t.fund(u.id, '1000');
      const real = await t.post('buyU', u.token, body);
      expect(real.code).toBe(200);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '40.500000', locked: '950.000000' });
      const demo = await t.post('buyU', u.token, body, true);
      expect(demo.code).toBe(200);
      const realList = await t.get<ListUOrderResult>('listUOrder', u.token);
      const demoList = await t.get<ListUOrderResult>('listUOrder', u.token, undefined, true);
      expect(realList.result.list.map((o) => o.id)).toEqual([real.result.id]);
      expect(demoList.result.list.map((o) => o.id)).toEqual([demo.result.id]);
      // The other book's order does not exist for this book.
      expect((await t.post('stopU', u.token, { id: real.result.id }, true)).code).toBe(80005);
      expect((await t.get(`getUOrderById/${demo.result.id}`, u.token)).code).toBe(80005);
      // Another user's order does not exist either.
      const other = await t.user();
      expect((await t.post('stopU', other.token, { id: demo.result.id }, true)).code).toBe(80005);
      expect((await t.post('updateU', other.token, { id: demo.result.id, stopLoss: null }, true)).code).toBe(80005);
    });

    it('answers 10011 when available is one minor unit short of margin + fee, and fills at exactly enough', async () => {
      const u = await t.user({ real: '959.499999' });
      const body = btc({ instrumentId: btcId });
      const short = await t.post('buyU', u.token, body);
      expect(short.code).toBe(10011);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '959.499999', locked: '0.000000' });
      await t.fund(u.id, '0.000001');
      expect((await t.post('buyU', u.token, body)).code).toBe(200);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '0.000000', locked: '950.000000' });
    });

    it('answers 10015 with no quote yet and outside the session', async () => {
      const u = await t.user();
      const xrp = await t.inst('XRPUSDT');
      expect((await t.post('buyU', u.token, btc({ instrumentId: xrp.id, lots: '10' }), true)).code).toBe(10015);
      const aapl = await t.inst('AAPL');
      const body = { instrumentId: aapl.id, side: 'buy', lots: '1', leverage: 5 };
      expect((await t.post('buyU', u.token, body, true)).code).toBe(200);
      t.clock.set(WEDNESDAY_US_CLOSED);
      try {
        expect((await t.post('buyU', u.token, body, true)).code).toBe(10015);
        expect((await t.post('previewU', u.token, body, true)).code).toBe(10015);
        const list = await t.get<ListUOrderResult>('listUOrder', u.token, { status: '2' }, true);
        expect((await t.post('stopU', u.token, { id: list.result.list[0]!.id }, true)).code).toBe(10015);
        expect((await t.post('buyU', u.token, btc({ instrumentId: btcId }), true)).code).toBe(200);
      } finally {
        t.clock.set(WEDNESDAY_OPEN);
      }
    });

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

  describe('orders waiting to open', () => {
    it('holds margin + fee at the order price, refuses entries that would not wait, and cancels to the unit', async () => {
      const u = await t.user();
      await t.tick('SOLUSDT', '139.90', '140.00');
      const sol = await t.inst('SOLUSDT');
      const ins = engineInstrument(sol);
      const body = {
        instrumentId: sol.id,
        side: 'buy',
        type: 'limit',
        lots: '3',
        leverage: 10,
        price: '135.00',
        stopLoss: '130.00',
      };
      for (const [o, code, field] of [
        [{ price: '140.00' }, 40011, 'price'], // buy limit at the ask
        [{ price: '141.00' }, 40011, 'price'],
        [{ type: 'stop', price: '139.00' }, 40011, 'price'],
        [{ side: 'sell', price: '139.00' }, 40011, 'price'],
        [{ side: 'sell', type: 'stop', price: '139.95' }, 40011, 'price'],
        [{ price: undefined }, 40001, 'price'],
        [{ price: '135.001' }, 40001, 'price'],
        [{ stopLoss: '136.00' }, 40011, 'stopLoss'], // above the entry of a long
        [{ takeProfit: '134.00' }, 40011, 'takeProfit'],
      ] as const) {
        const res = await t.post('buyU', u.token, { ...body, ...o }, true);
        expect(res, JSON.stringify(o)).toMatchObject({ code, field });
      }
      const res = await t.post('buyU', u.token, body, true);
      const entry = priceToTicks(ins, '135.00');
      const steps = lotsToSteps(ins, '3');
      const cost = requiredMarginMinor(ins, entry, steps, 10) + feeMinor(ins, entry, steps);
      expect(usdt(cost)).toBe('40.905000'); // 405 notional: 40.5 margin + 0.405 fee
      expect(res.result).toMatchObject({
        status: 1,
        state: 'pending',
        type: 'limit',
        price: '135.00',
        openPrice: null,
        openTickId: null,
        openLots: '0.0',
        lots: '3.0',
        margin: '40.500000',
        fee: '0.405000',
        marginHeld: usdt(cost),
        stopLoss: '130.00',
        stopOutPrice: null,
        profit: '0.000000',
      });
      expect(await t.balance(u.id, 'demo')).toEqual({ available: usdt(100_000_000_000n - cost), locked: usdt(cost) });
      expect((await t.post('stopU', u.token, { id: res.result.id }, true)).code).toBe(40013);
      const cancelled = await t.post('chedan', u.token, { id: res.result.id }, true);
      expect(cancelled.result).toMatchObject({
        status: 4,
        state: 'cancelled',
        cancelReason: 'user',
        marginHeld: '0.000000',
      });
      expect(await t.balance(u.id, 'demo')).toEqual({ available: '100000.000000', locked: '0.000000' });
      // Replays and wrong states answer a code and move no money.
      expect((await t.post('chedan', u.token, { id: res.result.id }, true)).code).toBe(40012);
      expect((await t.post('stopU', u.token, { id: res.result.id }, true)).code).toBe(40013);
      expect((await t.post('updateU', u.token, { id: res.result.id, stopLoss: null }, true)).code).toBe(40013);
      const open = await t.post('buyU', u.token, { ...body, type: 'market' }, true);
      expect((await t.post('chedan', u.token, { id: open.result.id }, true)).code).toBe(40012);
      // Ticks after a cancel never fill it.
      await t.tick('SOLUSDT', '130.00', '130.10');
      const after = await t.get<UOrderDetail>(`getUOrderById/${res.result.id}`, u.token, undefined, true);
      expect(after.result).toMatchObject({ state: 'cancelled', fills: [] });
    });

    it('fills a buy limit on the first tick whose ask reaches it, at that tick’s ask, re-priced there', async () => {
      const u = await t.user();
      await t.tick('SOLUSDT', '139.90', '140.00');
      const sol = await t.inst('SOLUSDT');
      const ins = engineInstrument(sol);
      const res = await t.post(
        'buyU',
        u.token,
        {
          instrumentId: sol.id,
          side: 'buy',
          type: 'limit',
          lots: '2',
          leverage: 5,
          price: '136.00',
          takeProfit: '150.00',
        },
        true,
      );
      await t.tick('SOLUSDT', '136.00', '136.10'); // ask above the limit: waits
      expect((await t.get<UOrderDetail>(`getUOrderById/${res.result.id}`, u.token, undefined, true)).result.state).toBe(
        'pending',
      );
      const gap = await t.tick('SOLUSDT', '135.40', '135.50'); // gaps through: fills at 135.50, not 136.00
      const filled = await t.get<UOrderDetail>(`getUOrderById/${res.result.id}`, u.token, undefined, true);
      const entry = priceToTicks(ins, '135.50');
      const steps = lotsToSteps(ins, '2');
      const margin = requiredMarginMinor(ins, entry, steps, 5);
      const fee = feeMinor(ins, entry, steps);
      expect(filled.result).toMatchObject({
        state: 'open',
        status: 2,
        price: '136.00',
        openPrice: '135.50',
        openTickId: gap.id,
        openLots: '2.0',
        margin: usdt(margin),
        marginHeld: usdt(margin),
        fee: usdt(fee),
        takeProfit: '150.00',
      });
      expect(filled.result.stopOutPrice).not.toBeNull();
      expect(filled.result.fills).toEqual([
        expect.objectContaining({
          kind: 'open',
          reason: 'entryLimit',
          price: '135.50',
          tickId: gap.id,
          fee: usdt(fee),
        }),
      ]);
      expect(await t.balance(u.id, 'demo')).toEqual({
        available: usdt(100_000_000_000n - margin - fee),
        locked: usdt(margin),
      });
      await t.services.market.flush();
      expect((await t.services.market.getTick(gap.id))?.pinned).toBe(true);
    });

    it('fills a sell stop when the bid falls to it, and cancels an entry whose re-priced cost no longer fits', async () => {
      const u = await t.user({ real: '100' });
      await t.tick('SOLUSDT', '139.90', '140.00');
      const sol = await t.inst('SOLUSDT');
      const stop = await t.post('buyU', u.token, {
        instrumentId: sol.id,
        side: 'sell',
        type: 'stop',
        lots: '1',
        leverage: 2,
        price: '138.00',
      });
      expect(stop.result.marginHeld).toBe('69.138000'); // 138/2 + 0.138
      // A buy stop far above: cost 72.1 at its price fits only because nothing else is held yet.
      const other = await t.user({ real: '80' });
      const buyStop = await t.post('buyU', other.token, {
        instrumentId: sol.id,
        side: 'buy',
        type: 'stop',
        lots: '1',
        leverage: 2,
        price: '144.00',
      });
      expect(buyStop.result.marginHeld).toBe('72.144000');
      const t1 = await t.tick('SOLUSDT', '137.90', '138.00');
      const filled = await t.get<UOrderDetail>(`getUOrderById/${stop.result.id}`, u.token);
      expect(filled.result).toMatchObject({ state: 'open', openPrice: '137.90', openTickId: t1.id });
      expect(filled.result.fills[0]).toMatchObject({ reason: 'entryStop', tickId: t1.id });
      // The buy stop gaps to 170: 85 margin + 0.17 fee > 80 available → cancelled, hold released.
      await t.tick('SOLUSDT', '169.90', '170.00');
      const gone = await t.get<UOrderDetail>(`getUOrderById/${buyStop.result.id}`, other.token);
      expect(gone.result).toMatchObject({ state: 'cancelled', cancelReason: 'insufficientMargin', fills: [] });
      expect(await t.balance(other.id, 'real')).toEqual({ available: '80.000000', locked: '0.000000' });
    });
  });

  describe('stops on open positions (updateU)', () => {
    it('sets, moves and removes SL / TP, validated against the closing price', async () => {
      const u = await t.user();
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      const pos = await t.post('buyU', u.token, btc({ instrumentId: btcId }), true);
      const set = await t.post(
        'updateU',
        u.token,
        { id: pos.result.id, takeProfit: '97000.00', stopLoss: '93000.00' },
        true,
      );
      expect(set).toMatchObject({
        code: 200,
        msgCode: 20005,
        result: { takeProfit: '97000.00', stopLoss: '93000.00' },
      });
      const keep = await t.post('updateU', u.token, { id: pos.result.id, stopLoss: null }, true);
      expect(keep.result).toMatchObject({ takeProfit: '97000.00', stopLoss: null });
      for (const [o, field] of [
        [{ takeProfit: '94990.00' }, 'takeProfit'],
        [{ takeProfit: '94000.00' }, 'takeProfit'],
        [{ stopLoss: '95500.00' }, 'stopLoss'],
      ] as const) {
        expect(await t.post('updateU', u.token, { id: pos.result.id, ...o }, true)).toMatchObject({
          code: 40011,
          field,
        });
      }
      expect(await t.post('updateU', u.token, { id: pos.result.id, stopLoss: '1.001' }, true)).toMatchObject({
        code: 40001,
        field: 'stopLoss',
      });
      const unchanged = await t.get<UOrderDetail>(`getUOrderById/${pos.result.id}`, u.token, undefined, true);
      expect(unchanged.result).toMatchObject({ takeProfit: '97000.00', stopLoss: null });
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
      expect(account.result).toMatchObject({
        mode: 'demo',
        freeMargin: usdt(available),
        usedMargin: '950.000000',
        orderMargin: usdt(pendingHeld),
        openProfit: '99.000000',
        balance: usdt(available + 950_000_000n + pendingHeld),
        equity: usdt(available + 950_000_000n + pendingHeld + 99_000_000n),
        marginLevel: '1.1042', // (950 + 99) / 950, rounded down
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

export type { UOrder };
