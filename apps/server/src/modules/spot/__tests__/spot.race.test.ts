import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

/** Races: cancels of one order, a cancel against a fill, many orders against one balance. */
describe.each(DRIVERS)('spot races on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('cancels an order once when 20 cancels race', async () => {
    const u = await t.user();
    await t.give(u.id, 'BTC', '1');
    const o = await t.submit(u.token, { pairId: btc, side: 'sell', price: '99000', quantity: '0.3' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.cancelSpot(u.token, o.result.id)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40050)).toHaveLength(19);
    expect(await t.available(u.id, 'BTC')).toBe('1.00000000');
    expect(await t.locked(u.id, 'BTC')).toBe('0.00000000');
  });

  it('settles a cancel racing a fill one way or the other, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const maker = await t.user();
      const taker = await t.user();
      await t.give(maker.id, 'BTC', '1');
      await t.give(taker.id, 'USDT', '200000');
      const ask = await t.submit(maker.token, { pairId: btc, side: 'sell', price: '96000', quantity: '1' });
      const [cancel, buy] = await Promise.all([
        t.cancelSpot(maker.token, ask.result.id),
        t.submit(taker.token, { pairId: btc, side: 'buy', price: '96000', quantity: '1', timeInForce: 'IOC' }),
      ]);
      expect(buy.code).toBe(200);
      const filled = buy.result.filledQuantity === '1';
      if (filled) {
        expect(cancel.code).toBe(40050);
        expect(await t.available(taker.id, 'BTC')).toBe('1.00000000');
      } else {
        expect(cancel.code).toBe(200);
        expect(buy.result).toMatchObject({ status: 2, cancelReason: 'unfilled', filledQuantity: '0' });
        expect(await t.available(maker.id, 'BTC')).toBe('1.00000000');
      }
      expect(await t.locked(maker.id, 'BTC')).toBe('0.00000000');
      expect(await t.locked(taker.id, 'USDT')).toBe('0.000000');
    }
  });

  it('admits exactly what one balance covers when 60 orders race, and refuses the rest writing nothing', async () => {
    const u = await t.user();
    await t.give(u.id, 'USDT', '1000');
    // Each holds 0.1 × 1,000 + 0.1 % = 100.1 USDT: nine fit in 1,000.
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => t.submit(u.token, { pairId: btc, side: 'buy', price: '1000', quantity: '0.1' })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 10011)).toHaveLength(51);
    expect(await t.locked(u.id, 'USDT')).toBe('900.900000');
    expect(await t.available(u.id, 'USDT')).toBe('99.100000');
    expect((await t.orders(u.token, { size: '100' })).result.total).toBe(9);
  });

  it('answers a retried clientOrderId with the first order, and refuses it for a different order', async () => {
    const u = await t.user();
    await t.give(u.id, 'USDT', '10000');
    const body = { pairId: btc, side: 'buy', price: '1000', quantity: '0.5', clientOrderId: 'bot-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.submit(u.token, body)));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.result.id)).size).toBe(1);
    const other = await t.submit(u.token, { ...body, price: '1001' });
    expect(other).toMatchObject({ code: 40016, field: 'clientOrderId' });
    expect((await t.orders(u.token)).result.total).toBe(1);
  });

  it('refuses a flood of one user’s orders past 64 waiting at once (42900), while another user’s order goes through', async () => {
    const flooder = await t.user();
    const calm = await t.user();
    await t.give(flooder.id, 'USDT', '1000000');
    await t.give(calm.id, 'USDT', '1000');
    const order = (price: string) => ({
      pairId: btc,
      side: 'buy' as const,
      type: 'limit' as const,
      timeInForce: 'GTC' as const,
      price,
      quantity: '0.001',
    });
    // Straight to the service, all at once: the first batch is still in flight when the rest arrive.
    const flood = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.services.spot.submit(flooder.id, 'real', order('900')).then(
          () => 200,
          (e: { code?: number }) => e.code,
        ),
      ),
    );
    const refused = flood.filter((c) => c === 42900).length;
    expect(refused).toBeGreaterThanOrEqual(200 - 64);
    expect(flood.filter((c) => c === 200).length + refused).toBe(200);
    // The calm user is not behind the flood: their order goes through.
    expect((await t.submit(calm.token, order('901'))).code).toBe(200);
    expect((await t.orders(flooder.token, { size: '1' })).result.total).toBe(200 - refused);
  });
});
