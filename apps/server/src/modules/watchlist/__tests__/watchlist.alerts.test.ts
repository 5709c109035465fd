import type { PriceAlert, RemovePriceAlertResult } from '@openbourse/contracts/watchlist.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { watchlistRepository } from '../watchlist.repository.ts';
import { createWatchlistTestApp, type WatchlistTestApp } from './helpers.ts';

/**
 * Setting, listing and removing price alerts through the API: the target checked against the
 * instrument's decimals and the current recorded price, malformed bodies refused naming the field,
 * one's own only, and the cap of waiting alerts held under a burst of concurrent requests.
 */
describe.each(DRIVERS)('price alerts on %s', (driver) => {
  let t: WatchlistTestApp;
  let btcId: number;
  beforeAll(async () => {
    t = await createWatchlistTestApp(driver);
    btcId = (await t.inst('BTCUSDT')).id;
    await t.tick('BTCUSDT', '94990.00', '95010.00'); // last 95000.00
    await t.tick('EURUSD', '1.16000', '1.16010'); // last 1.16005
  });
  afterAll(async () => t?.close());

  const add = (token: string | undefined, body: unknown, lang = 'en') =>
    t.post<PriceAlert>('addPriceAlert', token, body, lang);
  const remove = (token: string | undefined, body: unknown) =>
    t.post<RemovePriceAlertResult>('removePriceAlert', token, body);

  it('needs a session', async () => {
    for (const res of [
      await t.call('GET', '/swx/customer/user/listPriceAlert'),
      await t.call('POST', '/swx/customer/user/addPriceAlert', {
        body: { instrumentId: btcId, condition: 'above', price: '1' },
      }),
      await t.call('POST', '/swx/customer/user/removePriceAlert', { body: { id: 1 } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('sets an alert at the instrument’s decimals, recording the price and tick it was set against', async () => {
    const u = await t.user();
    const quote = t.services.market.currentQuote(btcId)!;
    const res = await add(u.token, { instrumentId: btcId, condition: 'above', price: '96000' });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.result).toMatchObject({
      instrumentId: btcId,
      code: 'BTCUSDT',
      name: 'Bitcoin',
      priceDecimals: 2,
      condition: 'above',
      price: '96000.00',
      status: 'active',
      createdAt: t.clock.now().getTime(),
      createdPrice: '95000.00',
      createdTickId: quote.tickId,
      firedAt: null,
      firedPrice: null,
      firedTickId: null,
    });
    expect(res.result.id).toBeGreaterThan(2 ** 52);
    const below = await add(u.token, { instrumentId: btcId, condition: 'below', price: '94000.5' });
    expect(below.result).toMatchObject({ condition: 'below', price: '94000.50' });
    const eur = await add(u.token, { instrumentId: (await t.inst('EURUSD')).id, condition: 'below', price: '1.15' });
    expect(eur.result).toMatchObject({ price: '1.15000', createdPrice: '1.16005' });

    const list = await t.alerts(u.token);
    expect(list.max).toBe(50);
    expect(list.fired).toEqual([]);
    expect(list.active.map((a) => a.id)).toEqual([eur.result.id, below.result.id, res.result.id]);
    expect(list.active[2]).toEqual(res.result);
    // Another user sees none of them.
    expect((await t.alerts((await t.user()).token)).active).toEqual([]);
  });

  it('refuses a target the price has already reached (40031, naming the price), equal included', async () => {
    const u = await t.user();
    for (const [condition, price] of [
      ['above', '95000'],
      ['above', '94999.99'],
      ['above', '1'],
      ['below', '95000.00'],
      ['below', '95000.01'],
      ['below', '99999999'],
    ]) {
      const res = await add(u.token, { instrumentId: btcId, condition, price });
      expect(res, `${condition} ${price}`).toMatchObject({ code: 40031, field: 'price', result: null });
      expect(res.msg).toBe(
        'The price (95000.00) has already reached this target. Set an alert above the current price for a rise, ' +
          'or below it for a fall',
      );
    }
    const ar = await add(u.token, { instrumentId: btcId, condition: 'above', price: '90000' }, 'ar');
    expect(ar.msg).toContain('95000.00');
    expect(ar.msg).toContain('بلغ السعر');
    expect((await t.alerts(u.token)).active).toEqual([]);
  });

  it('refuses more decimals than the instrument’s prices (40032) and malformed bodies (40001, field named)', async () => {
    const u = await t.user();
    const decimals = await add(u.token, { instrumentId: btcId, condition: 'above', price: '96000.001' });
    expect(decimals).toMatchObject({
      code: 40032,
      field: 'price',
      msg: 'The target price can have at most 2 decimal places',
    });
    // Zeros past the decimals change nothing: accepted.
    expect((await add(u.token, { instrumentId: btcId, condition: 'above', price: '96000.0000' })).code).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ condition: 'above', price: '96000' }, 'instrumentId'],
      [{ instrumentId: String(btcId), condition: 'above', price: '96000' }, 'instrumentId'],
      [{ instrumentId: -btcId, condition: 'above', price: '96000' }, 'instrumentId'],
      [{ instrumentId: 2 ** 40, condition: 'above', price: '96000' }, 'instrumentId'],
      [{ instrumentId: btcId, price: '96000' }, 'condition'],
      [{ instrumentId: btcId, condition: 'sideways', price: '96000' }, 'condition'],
      [{ instrumentId: btcId, condition: 'ABOVE', price: '96000' }, 'condition'],
      [{ instrumentId: btcId, condition: 'above' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: 96000 }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '-96000' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '0' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '0.00' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: ' 96000' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '9.6e4' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '96,000' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '0x10' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: 'Infinity' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '096000' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: `1${'0'.repeat(20)}` }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: `1${'0'.repeat(5000)}` }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '96000.1234567890123' }, 'price'],
      [{ instrumentId: btcId, condition: 'above', price: '96000\u0000' }, 'price'],
      [{ instrumentId: btcId, condition: 'above\u0000', price: '96000' }, 'condition'],
    ];
    for (const [body, field] of cases) {
      const res = await add(u.token, body);
      expect(res, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 40001, field, result: null });
    }
    // The largest target the schema takes is still exact (20 integer digits).
    const big = await add(u.token, { instrumentId: btcId, condition: 'above', price: `9${'9'.repeat(19)}.99` });
    expect(big.result).toMatchObject({ price: `9${'9'.repeat(19)}.99` });
    expect((await t.alerts(u.token)).active).toHaveLength(2);
  });

  it('refuses an unknown instrument (80005) and one without a recorded price yet (10015)', async () => {
    const u = await t.user();
    expect(await add(u.token, { instrumentId: 999_999, condition: 'above', price: '1' })).toMatchObject({
      code: 80005,
    });
    const xrp = await t.inst('XRPUSDT');
    expect(await add(u.token, { instrumentId: xrp.id, condition: 'above', price: '1' })).toMatchObject({
      code: 10015,
    });
  });

  it('removes one’s own alert (another’s or an unknown id is 80005) and frees its place', async () => {
    const u = await t.user();
    const other = await t.user();
    const a = await t.alert(u.token, 'BTCUSDT', 'above', '97000');
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ activeAlerts: 1 });
    expect(await remove(other.token, { id: a.id })).toMatchObject({ code: 80005 });
    expect(await remove(u.token, { id: 2 ** 52 + 1 })).toMatchObject({ code: 80005 });
    for (const body of [{}, { id: '1' }, { id: -1 }, { id: 1.5 }, { id: 2 ** 60 }, { id: null }]) {
      expect(await remove(u.token, body), JSON.stringify(body)).toMatchObject({ code: 40001, field: 'id' });
    }
    expect(await remove(u.token, { id: a.id })).toMatchObject({ code: 200, result: { id: a.id } });
    expect(await remove(u.token, { id: a.id })).toMatchObject({ code: 80005 });
    expect((await t.alerts(u.token)).active).toEqual([]);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ activeAlerts: 0 });
    // The removal reaches the evaluator through the outbox: once it is published, nothing removed is held.
    await t.settle();
    expect(t.services.watchlist.runner.stats().staged + t.services.watchlist.runner.stats().watching).toBe(
      (await watchlistRepository.waiting(t.database.db)).length,
    );
  });

  it('keeps at most 50 waiting alerts under 200 concurrent requests; a removal frees a place', async () => {
    const u = await t.user();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        add(u.token, { instrumentId: btcId, condition: 'above', price: String(96000 + i) }),
      ),
    );
    const ok = answers.filter((a) => a.code === 200);
    expect(ok).toHaveLength(50);
    expect(answers.filter((a) => a.code === 40030)).toHaveLength(150);
    expect(answers.find((a) => a.code === 40030)!.msg).toBe(
      'You can have up to 50 price alerts waiting. Delete one to set another',
    );
    const list = await t.alerts(u.token);
    expect(list.active).toHaveLength(50);
    expect(new Set(list.active.map((a) => a.id)).size).toBe(50);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ activeAlerts: 50 });
    expect((await add(u.token, { instrumentId: btcId, condition: 'below', price: '1' })).code).toBe(40030);
    expect((await remove(u.token, { id: ok[0]!.result.id })).code).toBe(200);
    expect((await add(u.token, { instrumentId: btcId, condition: 'below', price: '1' })).code).toBe(200);
  });
});
