/**
 * order/previewBb: an order's rates, fee, hold and total before it is confirmed, by the settlement's
 * own fee function (spot.fees.ts): bad input answers submit's codes, a VIP user sees their discounted
 * rates, and what the preview shows is what the order then holds and its fill charges.
 */
import type { SpotPreview } from '@openbourse/contracts/spot.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { userLevels } from '../../levels/levels.tables.ts';
import type { Envelope } from '../../trading/__tests__/helpers.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

describe.each(DRIVERS)('spot preview on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  const preview = async (token: string | undefined, body: object) => {
    const res = await t.call<SpotPreview>('POST', '/swx/customer/order/previewBb', {
      ...(token ? { token } : {}),
      headers: { virtually: 'NO' },
      body,
    });
    return res as { status: number; body: Envelope<SpotPreview> };
  };
  const setLevel = (userId: number, level: number) =>
    t.database.db
      .insert(userLevels)
      .values({ userId, level, volume30d: '60000', period: 'test', computedAt: t.clock.now() })
      .onConflictDoUpdate({ target: userLevels.userId, set: { level } });

  it('answers bad input with the catalogue codes submit answers, and asks for a session', async () => {
    const u = await t.user();
    const ok = { pairId: btc, side: 'buy', price: '90000', quantity: '0.01' };
    const cases: [object, number, string?][] = [
      [{ ...ok, pairId: 'abc' }, 80005],
      [{ ...ok, pairId: 999_999 }, 80005, 'pairId'],
      [{ ...ok, side: 'hold' }, 40001, 'side'],
      [{ ...ok, type: 'stop' }, 40001, 'type'],
      [{ ...ok, quantity: '0' }, 10016],
      [{ ...ok, quantity: '0.000000001' }, 10016],
      [{ ...ok, quantity: '1e3' }, 10016],
      [{ ...ok, price: '0' }, 40001, 'price'],
      [{ ...ok, price: '90000.001' }, 40001, 'price'],
      [{ pairId: btc, side: 'buy', quantity: '0.01' }, 40001, 'price'],
      [{ pairId: btc, side: 'sell', type: 'market', quantity: '0.01' }, 40053, 'type'],
    ];
    for (const [body, code, field] of cases) {
      const res = await preview(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code, JSON.stringify([body, res.body])).toBe(code);
      if (field) expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    const anon = await preview(undefined, ok);
    expect(anon.status).toBe(401);
  });

  it('is in the OpenAPI document with its body and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    const op = doc.paths['/swx/customer/order/previewBb']?.post;
    expect(op?.requestBody).toBeDefined();
    expect(JSON.stringify(op?.responses)).toContain('heldCurrency');
    expect(JSON.stringify(op?.requestBody)).not.toContain('clientOrderId');
  });

  it('shows the pair’s rates, the hold and the worst total; a VIP user sees their discounted rates', async () => {
    const plain = await t.user();
    const vip = await t.user();
    await setLevel(vip.id, 2); // 10 % off
    await t.give(plain.id, 'USDT', '1000');
    const buy = { pairId: btc, side: 'buy', price: '90000', quantity: '0.01' };
    const p0 = (await preview(plain.token, buy)).body.result;
    // 900 turnover; the higher rate (taker 0.1 %) 0.9; the hold at the same rate.
    expect(p0).toMatchObject({
      makerFeeRate: '0.0008',
      takerFeeRate: '0.001',
      feeRate: '0.001',
      discount: '0',
      boundPrice: '90000',
      protectionPrice: null,
      turnover: '900',
      fee: '0.9',
      held: '900.9',
      heldCurrency: 'USDT',
      total: '900.9',
      available: '1000',
    });
    const p2 = (await preview(vip.token, buy)).body.result;
    // 0.09 % taker, 0.072 % maker; the hold stays at the undiscounted rate (a level may change before a fill).
    expect(p2).toMatchObject({
      makerFeeRate: '0.00072',
      takerFeeRate: '0.0009',
      feeRate: '0.0009',
      discount: '0.1',
      fee: '0.81',
      total: '900.81',
      held: '900.9',
      available: '0',
    });
    const postOnly = (await preview(vip.token, { ...buy, timeInForce: 'POST_ONLY' })).body.result;
    expect(postOnly).toMatchObject({ feeRate: '0.00072', fee: '0.648', total: '900.648' });
    const sell = (await preview(vip.token, { ...buy, side: 'sell' })).body.result;
    expect(sell).toMatchObject({ fee: '0.81', total: '899.19', held: '0.01', heldCurrency: 'BTC' });
  });

  it('what the preview shows is what the order holds and its fill charges', async () => {
    const seller = await t.user();
    const buyer = await t.user();
    await setLevel(buyer.id, 2);
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '100000');
    const ask = await t.submit(seller.token, {
      pairId: btc,
      side: 'sell',
      type: 'limit',
      price: '95000',
      quantity: '0.5',
    });
    expect(ask.code, JSON.stringify(ask)).toBe(200);

    // A market buy: bounded by its protection (95,000 + 5 %), where it holds and the fee is at worst.
    const market = (await preview(buyer.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.2' })).body;
    expect(market.code, JSON.stringify(market)).toBe(200);
    expect(market.result).toMatchObject({
      price: '95000',
      protectionPrice: '99750',
      boundPrice: '99750',
      timeInForce: 'IOC',
      turnover: '19950',
      fee: '17.955',
      held: '19969.95',
    });

    // A limit buy at the ask: the figures it shows are what it is charged.
    const body = { pairId: btc, side: 'buy', type: 'limit', timeInForce: 'IOC', price: '95000', quantity: '0.2' };
    const p = (await preview(buyer.token, body)).body.result;
    expect(p).toMatchObject({ turnover: '19000', fee: '17.1', total: '19017.1', available: '100000' });
    const order = await t.submit(buyer.token, body);
    expect(order.result).toMatchObject({ status: 3, turnover: p.turnover, fee: p.fee });
    expect(await t.available(buyer.id, 'USDT')).toBe('80982.900000'); // 100,000 − total

    // A resting buy holds exactly what its preview said.
    const rest = { pairId: btc, side: 'buy', type: 'limit', price: '90000', quantity: '0.01' };
    const r = (await preview(buyer.token, rest)).body.result;
    const resting = await t.submit(buyer.token, rest);
    expect(resting.result).toMatchObject({ status: 1, held: r.held });
    expect(await t.locked(buyer.id, 'USDT')).toBe('900.900000');
    await t.cancelSpot(buyer.token, resting.result.id);
    await t.cancelSpot(seller.token, ask.result.id);
  });
});
