import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

/** Bad input is answered with a catalogue code (never a 500) and writes nothing. */
describe.each(DRIVERS)('spot input on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('answers every malformed field with its code', async () => {
    const u = await t.user();
    await t.give(u.id, 'USDT', '100000');
    await t.give(u.id, 'BTC', '1');
    const ok = { pairId: btc, side: 'buy', price: '90000', quantity: '0.01' };
    const cases: [object, number, string?][] = [
      [{ ...ok, pairId: 'abc' }, 80005],
      [{ ...ok, pairId: -3 }, 80005],
      [{ ...ok, pairId: 2 ** 60 }, 80005],
      [{ ...ok, side: 'hold' }, 40001, 'side'],
      [{ ...ok, type: 'stop' }, 40001, 'type'],
      [{ ...ok, timeInForce: 'GTD' }, 40001, 'timeInForce'],
      [{ ...ok, quantity: 0.01 }, 10016],
      [{ ...ok, quantity: '0' }, 10016],
      [{ ...ok, quantity: '-0.01' }, 10016],
      [{ ...ok, quantity: '1e3' }, 10016],
      [{ ...ok, quantity: '9'.repeat(10_000) }, 10016],
      [{ ...ok, price: '0' }, 40001, 'price'],
      [{ ...ok, price: 'NaN' }, 40001, 'price'],
      [{ ...ok, price: '1'.repeat(30) }, 40001, 'price'],
      [{ ...ok, clientOrderId: 'spaces are not allowed' }, 40001, 'clientOrderId'],
      [{ side: 'buy' }, 80005],
      [{ pairId: btc, side: 'buy' }, 10016],
    ];
    for (const [body, code, field] of cases) {
      const r = await t.submit(u.token, body);
      expect(r.code, JSON.stringify(body).slice(0, 200)).toBe(code);
      if (field) expect(r.field).toBe(field);
      expect(r.result).toBeNull();
    }
    expect((await t.orders(u.token)).result.total).toBe(0);
    const cancels: [unknown, number][] = [
      ['x', 40001],
      [123, 80005],
      [2 ** 52 + 1, 80005],
    ];
    for (const [id, code] of cancels) expect((await t.cancelSpot(u.token, id)).code).toBe(code);
    expect((await t.order(u.token, 'abc')).code).toBe(80005);
    expect((await t.call('POST', '/swx/customer/order/submit', { body: ok })).status).toBe(401);
  });

  it('refuses a post-only that would cross and a fill-or-kill that cannot fill, writing nothing', async () => {
    const maker = await t.user();
    const u = await t.user();
    await t.give(maker.id, 'BTC', '1');
    await t.give(u.id, 'USDT', '100000');
    await t.submit(maker.token, { pairId: btc, side: 'sell', price: '97000', quantity: '0.1' });
    const post = await t.submit(u.token, {
      pairId: btc,
      side: 'buy',
      price: '97000',
      quantity: '0.01',
      timeInForce: 'POST_ONLY',
    });
    expect(post.code).toBe(40051);
    const fok = await t.submit(u.token, {
      pairId: btc,
      side: 'buy',
      price: '97000',
      quantity: '0.2',
      timeInForce: 'FOK',
    });
    expect(fok.code).toBe(40052);
    expect(await t.available(u.id, 'USDT')).toBe('100000.000000');
    expect((await t.orders(u.token)).result.total).toBe(0);
    // A post-only that does not cross rests; a fill-or-kill that can fill does.
    expect(
      (
        await t.submit(u.token, {
          pairId: btc,
          side: 'buy',
          price: '96999',
          quantity: '0.01',
          timeInForce: 'POST_ONLY',
        })
      ).result.status,
    ).toBe(1);
    expect(
      (await t.submit(u.token, { pairId: btc, side: 'buy', price: '97000', quantity: '0.1', timeInForce: 'FOK' }))
        .result.status,
    ).toBe(3);
  });

  it('keeps the real and the demo books apart', async () => {
    const u = await t.user();
    await t.give(u.id, 'BTC', '1');
    await t.submit(u.token, { pairId: btc, side: 'sell', price: '98000', quantity: '0.5' });
    const demoDepth = await t.depth(btc, true);
    expect(demoDepth.result.asks.some(([p]) => p === '98000')).toBe(false);
    // The demo account holds no BTC: selling there is refused.
    expect((await t.submit(u.token, { pairId: btc, side: 'sell', price: '98000', quantity: '0.5' }, true)).code).toBe(
      10011,
    );
    expect((await t.orders(u.token, {}, true)).result.total).toBe(0);
  });
});
