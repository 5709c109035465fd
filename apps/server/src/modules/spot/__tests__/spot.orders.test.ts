import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

describe.each(DRIVERS)('spot orders on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('rests a limit sell, fills a market buy against it at its price, and settles both sides and the fees', async () => {
    const seller = await t.user();
    const buyer = await t.user();
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
    expect(ask.result).toMatchObject({ status: 1, filledQuantity: '0', held: '0.5', side: 'sell' });

    expect(await t.locked(seller.id, 'BTC')).toBe('0.50000000');
    const depth = await t.depth(btc);
    expect(depth.result.asks).toEqual([['95000', '0.5']]);

    const buy = await t.submit(buyer.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.2' });
    expect(buy.code, JSON.stringify(buy)).toBe(200);
    // 0.2 × 95,000 = 19,000 USDT; taker fee 0.1 % = 19; the maker pays 0.08 % = 15.2 out of its proceeds.
    expect(buy.result).toMatchObject({
      status: 3,
      filledQuantity: '0.2',
      turnover: '19000',
      averagePrice: '95000',
      fee: '19',
      held: '0',
      protectionPrice: '99750',
    });
    expect(await t.available(buyer.id, 'BTC')).toBe('0.20000000');
    expect(await t.available(buyer.id, 'USDT')).toBe('80981.000000');
    expect(await t.locked(buyer.id, 'USDT')).toBe('0.000000');
    expect(await t.available(seller.id, 'USDT')).toBe('18984.800000');
    expect(await t.locked(seller.id, 'BTC')).toBe('0.30000000');
    expect(await t.available(seller.id, 'BTC')).toBe('0.50000000');

    const after = await t.depth(btc);
    expect(after.result.asks).toEqual([['95000', '0.3']]);
    expect(after.result.seq).toBe(depth.result.seq + 1);
    const trades = await t.trades(btc);
    expect(trades.result[0]).toMatchObject({ price: '95000', quantity: '0.2', side: 'buy' });

    const mine = await t.orders(seller.token, { pairId: String(btc) });
    expect(mine.result.list[0]).toMatchObject({ id: ask.result.id, status: 1, filledQuantity: '0.2', fee: '15.2' });
    expect(mine.result.holdings).toEqual(
      expect.arrayContaining([{ currency: 'BTC', available: '0.50000000', locked: '0.30000000' }]),
    );

    const cancelled = await t.cancelSpot(seller.token, ask.result.id);
    expect(cancelled.result).toMatchObject({ status: 2, cancelReason: 'user', held: '0' });
    expect(await t.available(seller.id, 'BTC')).toBe('0.80000000');
    expect(await t.locked(seller.id, 'BTC')).toBe('0.00000000');
    expect((await t.depth(btc)).result.asks).toEqual([]);
    const again = await t.cancelSpot(seller.token, ask.result.id);
    expect(again.code).toBe(40050);

    const detail = await t.order(seller.token, ask.result.id);
    expect(detail.result.fills).toEqual([
      expect.objectContaining({ price: '95000', quantity: '0.2', turnover: '19000', fee: '15.2', role: 'maker' }),
    ]);
  });

  it('fills a limit buy at the better resting price and releases what its hold kept for the worse one', async () => {
    const seller = await t.user();
    const buyer = await t.user();
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '1000');
    expect((await t.submit(seller.token, { pairId: btc, side: 'sell', price: '90000', quantity: '0.01' })).code).toBe(
      200,
    );
    // Holds 0.01 × 91,000 + 0.1 % = 910.91; pays 900 + 0.9.
    const buy = await t.submit(buyer.token, { pairId: btc, side: 'buy', price: '91000', quantity: '0.01' });
    expect(buy.result).toMatchObject({ status: 3, turnover: '900', fee: '0.9', held: '0' });
    expect(await t.available(buyer.id, 'USDT')).toBe('99.100000');
    expect(await t.locked(buyer.id, 'USDT')).toBe('0.000000');
  });

  it('refuses what does not fit and writes nothing', async () => {
    const u = await t.user();
    await t.give(u.id, 'USDT', '100');
    const codes = async (body: object) => (await t.submit(u.token, { pairId: btc, side: 'buy', ...body })).code;
    expect(await codes({ price: '95000', quantity: '0.01' })).toBe(10011);
    expect(await codes({ price: '95000.001', quantity: '0.0001' })).toBe(40001);
    expect(await codes({ price: '95000', quantity: '0.00001' })).toBe(10016);
    expect(await codes({ price: '95000', quantity: '1000' })).toBe(10016);
    expect(await codes({ price: '-1', quantity: '1' })).toBe(40001);
    expect(await codes({ quantity: '0.001' })).toBe(40001);
    expect(await codes({ type: 'market', quantity: '0.0001', pairId: btc })).toBe(40053);
    expect((await t.submit(u.token, { pairId: 999, side: 'buy', price: '1', quantity: '1' })).code).toBe(80005);
    expect(await t.available(u.id, 'USDT')).toBe('100.000000');
    expect((await t.orders(u.token)).result.total).toBe(0);
  });

  it('charges an operator’s new fee from the next batch of a book already running', async () => {
    const { eq } = await import('drizzle-orm');
    const { spotPairs } = await import('../spot.tables.ts');
    const seller = await t.user();
    const buyer = await t.user();
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '100000');
    await t.submit(seller.token, { pairId: btc, side: 'sell', price: '95000', quantity: '0.2' });
    await t.database.db.update(spotPairs).set({ takerFeePpm: 10_000 }).where(eq(spotPairs.id, btc));
    await t.services.spot.loadPairs();
    const buy = await t.submit(buyer.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.1' });
    // 0.1 × 95,000 = 9,500 at the new 1 %: 95.
    expect(buy.result).toMatchObject({ status: 3, fee: '95' });
    await t.database.db.update(spotPairs).set({ takerFeePpm: 1000 }).where(eq(spotPairs.id, btc));
    await t.services.spot.loadPairs();
  });
});
