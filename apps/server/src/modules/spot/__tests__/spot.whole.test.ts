/**
 * Batches sent as one write (spot.paths.ts `whole`) on the balances and discounts the writer expects
 * (spot.expect.ts), and what happens when the database holds something else: a deposit the writer
 * has not seen, a withdrawal it has not seen, a level changed since it read the discounts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { userLevels } from '../../levels/levels.tables.ts';
import { SUSPECT_MS } from '../spot.expect.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

describe.each(DRIVERS)('spot batches sent as one write on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  let seq = 0;
  const whole = () => t.services.spot.batchStats().whole;
  const withdraw = (userId: number, currency: string, amount: string) =>
    t.services.ledger.transfer(t.database.db, {
      key: `test-spot-withdraw:${userId}:${++seq}`,
      debit: { userId, mode: 'real' },
      credit: { platform: 'treasury', mode: 'real' },
      currency,
      amount,
      code: 'withdrawal',
    });
  const setLevel = (userId: number, level: number) =>
    t.database.db
      .insert(userLevels)
      .values({ userId, level, volume30d: '60000', period: 'test', computedAt: t.clock.now() })
      .onConflictDoUpdate({ target: userLevels.userId, set: { level } });

  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('sends a known submitter’s batch as one write and settles it as the long way would', async () => {
    const seller = await t.user();
    const buyer = await t.user();
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '100000');
    const sell = { pairId: btc, side: 'sell', type: 'limit' };
    expect((await t.submit(seller.token, { ...sell, price: '95000', quantity: '0.5' })).code).toBe(200);
    const before = whole();
    // The seller's BTC is known now (read under lock, less the first hold).
    const second = await t.submit(seller.token, { ...sell, price: '95000', quantity: '0.1' });
    expect(second.code, JSON.stringify(second)).toBe(200);
    expect(whole()).toBe(before + 1);
    expect(await t.locked(seller.id, 'BTC')).toBe('0.60000000');
    expect(await t.available(seller.id, 'BTC')).toBe('0.40000000');

    const buy = { pairId: btc, side: 'buy', type: 'market' };
    expect((await t.submit(buyer.token, { ...buy, quantity: '0.2' })).code).toBe(200);
    const taken = await t.submit(buyer.token, { ...buy, quantity: '0.3' });
    expect(taken.code, JSON.stringify(taken)).toBe(200);
    expect(whole()).toBe(before + 2);
    // 0.5 × 95,000 = 47,500 USDT and 0.1 % of it (47.5); the maker pays 0.08 % (38) out of its proceeds.
    expect(taken.result).toMatchObject({ status: 3, filledQuantity: '0.3', fee: '28.5' });
    expect(await t.available(buyer.id, 'USDT')).toBe('52452.500000');
    expect(await t.available(buyer.id, 'BTC')).toBe('0.50000000');
    expect(await t.available(seller.id, 'USDT')).toBe('47462.000000');
    expect(await t.locked(seller.id, 'BTC')).toBe('0.10000000');
  });

  it('admits an order a deposit it has not seen pays for against a read balance, instead of refusing it', async () => {
    const u = await t.user();
    await t.give(u.id, 'USDT', '1000');
    const bid = { pairId: btc, side: 'buy', type: 'limit', price: '80000' };
    expect((await t.submit(u.token, { ...bid, quantity: '0.01' })).code).toBe(200); // holds 800.8
    await t.give(u.id, 'USDT', '5000');
    const before = whole();
    const more = await t.submit(u.token, { ...bid, quantity: '0.05' }); // holds 4,004: more than the 199.2 expected
    expect(more.code, JSON.stringify(more)).toBe(200);
    expect(whole()).toBe(before + 1);
    expect(await t.available(u.id, 'USDT')).toBe('1195.200000');
    expect(await t.locked(u.id, 'USDT')).toBe('4804.800000');
  });

  it('fails a write on a balance spent elsewhere, tries its orders alone, and sends that user the long way for a while', async () => {
    const a = await t.user();
    const b = await t.user();
    await t.give(a.id, 'USDT', '1000');
    await t.give(b.id, 'USDT', '1000');
    const bid = { pairId: btc, side: 'buy', type: 'limit', price: '80000', quantity: '0.001' }; // holds 80.08
    expect((await t.submit(a.token, bid)).code).toBe(200);
    expect((await t.submit(b.token, bid)).code).toBe(200);
    // Both known now; a's 919.92 goes elsewhere but 0.02.
    await withdraw(a.id, 'USDT', '919.9');
    const before = whole();
    const [ra, rb] = await Promise.all([t.submit(a.token, bid), t.submit(b.token, bid)]);
    expect(whole()).toBeGreaterThan(before);
    expect(ra.code).toBe(10011);
    expect(rb.code, JSON.stringify(rb)).toBe(200);
    expect(await t.available(a.id, 'USDT')).toBe('0.020000');
    expect(await t.available(b.id, 'USDT')).toBe('839.840000');

    await t.give(a.id, 'USDT', '1000');
    expect((await t.submit(a.token, bid)).code).toBe(200); // read: known again
    const known = whole();
    expect((await t.submit(a.token, bid)).code).toBe(200);
    expect(whole()).toBe(known); // still the long way
    t.clock.advance(SUSPECT_MS + 1);
    expect((await t.submit(a.token, bid)).code).toBe(200);
    expect(whole()).toBe(known + 1);
    expect(await t.available(a.id, 'USDT')).toBe('759.780000'); // 1,000.02 less three holds
  });

  it('fails a write that charged a discount changed since it was read; the fill pays the new one', async () => {
    const maker = await t.user();
    const taker = await t.user();
    await t.give(maker.id, 'BTC', '1');
    await t.give(taker.id, 'USDT', '100000');
    // Below the asks left by the tests before: the fill is at 94,000.
    expect((await t.submit(maker.token, { pairId: btc, side: 'sell', price: '94000', quantity: '0.1' })).code).toBe(
      200,
    );
    // The taker's balance and discount (none) are known after a first order.
    expect((await t.submit(taker.token, { pairId: btc, side: 'buy', price: '70000', quantity: '0.001' })).code).toBe(
      200,
    );
    await setLevel(taker.id, 2); // 10 % off from now on
    const before = whole();
    const fill = await t.submit(taker.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.1' });
    expect(fill.code, JSON.stringify(fill)).toBe(200);
    expect(whole()).toBe(before + 1);
    // 9,400 turnover at 0.09 % (the taker rate less 10 %), not 0.1 %.
    expect(fill.result).toMatchObject({ status: 3, filledQuantity: '0.1', turnover: '9400', fee: '8.46' });
    await setLevel(taker.id, 0);
  });

  it('keeps the batches in order when many known users order at once', async () => {
    const users = await Promise.all(Array.from({ length: 24 }, () => t.user()));
    for (const u of users) await t.give(u.id, 'USDT', '10000');
    const bid = { pairId: btc, side: 'buy', type: 'limit', price: '60000', quantity: '0.01' }; // holds 600.6
    for (const u of users) expect((await t.submit(u.token, bid)).code).toBe(200);
    const before = whole();
    const answers = await Promise.all(
      users.flatMap((u) => [t.submit(u.token, bid), t.submit(u.token, bid), t.submit(u.token, bid)]),
    );
    expect(answers.map((r) => r.code)).toEqual(answers.map(() => 200));
    expect(whole()).toBeGreaterThan(before);
    for (const u of users) expect(await t.locked(u.id, 'USDT')).toBe('2402.400000');
    t.services.spot.writer(btc, 'real')?.check();
  });
});
