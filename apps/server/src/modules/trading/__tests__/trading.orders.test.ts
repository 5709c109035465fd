import type { ListUOrderResult, OrderPreview, UOrderDetail } from '@openbourse/contracts/trading.ts';
import {
  feeMinor,
  lotsToSteps,
  notionalMinor,
  openPosition,
  priceToTicks,
  requiredMarginMinor,
  stopOutTicks,
} from '@openbourse/engine';
import { parseDecimal } from '@openbourse/money';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { DRIVERS } from '../../../test/db.ts';
import { PLATFORM_SHARDS } from '../../ledger/ledger.service.ts';
import { engineInstrument, ticksToPriceString } from '../trading.pricing.ts';
import { btc, createOrdersTestApp, type TradingTestApp, usdt, WEDNESDAY_OPEN, WEDNESDAY_US_CLOSED } from './helpers.ts';

/**
 * Placing market orders (order/buyU) and previewing them (previewU) through the HTTP API: the fill,
 * its margin and fee, demo vs real, insufficient balance, no quote and a closed session. Bad input
 * is in trading.orders.validation, client order ids and public ids in trading.orders.ids, orders
 * waiting to open and updateU in trading.orders.pending, lists and totals in trading.orders.lists.
 * The market feed is off: every price comes from a tick the test records.
 */
const units = (amount: string) => parseDecimal(amount, 6, { allowNegative: true });

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

    it('on the ledger fast path too: 10011 one unit short with nothing written; fees spread over shards', async () => {
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      const fees = () => t.services.ledger.platformBalance(t.database.db, 'real', 'USDT', 'fees');
      const feesBefore = await fees();
      // Two orders of 950 margin + 9.5 fee, less one minor unit.
      const u = await t.user({ real: '1918.999999' });
      const body = btc({ instrumentId: btcId });
      expect((await t.post('buyU', u.token, body)).code).toBe(200); // creates the user's locked account
      const short = await t.post('buyU', u.token, body); // both accounts exist: the fast path
      expect(short.code).toBe(10011);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '959.499999', locked: '950.000000' });
      await t.fund(u.id, '0.000001');
      expect((await t.post('buyU', u.token, body)).code).toBe(200);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '0.000000', locked: '1900.000000' });
      expect(usdt(units(await fees()) - units(feesBefore))).toBe('19.000000');
      const shards = await queryRows<{ id: string | number; shard: number }>(
        t.database.db,
        sql`select o.id, a.shard from ledger_transfers t
            join ledger_accounts a on a.id = t.credit_account_id
            join cfd_orders o on o.id::text = t.ref_id
            where t.code = 'cfd_fee' and o.user_id = ${u.id} order by o.id`,
      );
      // Each batch credits one shard of its writer's, the next batch the next one (trading.batch.ts).
      expect(shards.length).toBe(2);
      for (const r of shards) expect(Number(r.shard)).toBeLessThan(PLATFORM_SHARDS);
      expect(new Set(shards.map((r) => Number(r.shard))).size).toBe(2);
    });

    it('refuses a take profit that is no profit and stops nearer than the instrument’s distance, naming the field', async () => {
      await t.tick('BTCUSDT', '94990.00', '95000.00');
      // BTCUSDT keeps stops 950 ticks (9.50) from the closing price; the market info says so.
      const info = await t.call<{ stopDistance: string }>('GET', `/swx/customer/index/getMarketInfo/${btcId}`);
      expect(info.body.result.stopDistance).toBe('9.50');
      const u = await t.user({ real: '100000' });
      const before = await t.balance(u.id, 'real');
      const refused = async (o: Record<string, unknown>) => t.post('buyU', u.token, btc({ instrumentId: btcId, ...o }));
      // Inside the spread: above the bid it closes at, below the ask it opened at — a loss.
      expect(await refused({ takeProfit: '94995.00' })).toMatchObject({ code: 40011, field: 'takeProfit' });
      expect(await refused({ takeProfit: '95000.00' })).toMatchObject({ code: 40011, field: 'takeProfit' });
      expect(await refused({ stopLoss: '94985.00' })).toMatchObject({ code: 40011, field: 'stopLoss' });
      // A short mirrored: opened at the bid, closed at the ask.
      expect(await refused({ side: 'sell', takeProfit: '94995.00' })).toMatchObject({
        code: 40011,
        field: 'takeProfit',
      });
      expect(await refused({ side: 'sell', stopLoss: '95009.00' })).toMatchObject({ code: 40011, field: 'stopLoss' });
      // Nothing was written by the refusals.
      expect(await t.balance(u.id, 'real')).toEqual(before);
      // At the distance and beyond the entry: accepted.
      const okLong = await refused({ stopLoss: '94980.50', takeProfit: '95000.01' });
      expect(okLong.code).toBe(200);
      const okShort = await refused({ side: 'sell', stopLoss: '95009.50', takeProfit: '94989.99' });
      expect(okShort.code).toBe(200);
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
  });
});
