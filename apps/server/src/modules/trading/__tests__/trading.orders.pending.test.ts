import type { UOrderDetail } from '@openbourse/contracts/trading.ts';
import { feeMinor, lotsToSteps, priceToTicks, requiredMarginMinor } from '@openbourse/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { engineInstrument } from '../trading.pricing.ts';
import { btc, createOrdersTestApp, type TradingTestApp, usdt } from './helpers.ts';

/**
 * Limit and stop orders waiting to open (held, cancelled with chedan, filled by ticks) and stop
 * loss / take profit on open positions (updateU) through the HTTP API. The market feed is off:
 * every price comes from a tick the test records.
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
});
