/** Races: many purchases against one balance never overdraw it, and one quote buys once however many confirm it. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createOptionsTestApp, type OptionsTestApp } from './helpers.ts';

describe.each(DRIVERS)('options under races on %s', (driver) => {
  let t: OptionsTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createOptionsTestApp(driver);
    await t.history('BTCUSDT', '95000.00', 40);
    btc = await t.seriesId('BTCUSDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('100 concurrent purchases against a balance that covers 50: 50 bought, 50 refused (10011), nothing overdrawn', async () => {
    const u = await t.user({ real: '500' });
    const platform = Number(await t.platform());
    // Quotes live 10 minutes here (parameter options.quoteTtlSeconds): 100 of them take two minutes
    // of the 60-a-minute quote limit.
    await t.services.params.set(t.database.db, 'options.quoteTtlSeconds', '600');
    const quotes = [];
    for (let i = 0; i < 100; i++) {
      if (i === 50) t.clock.advance(61_000);
      const q = await t.quote(u.token, { seriesId: btc, period: 300, direction: i % 2 ? 'put' : 'call', amount: '10' });
      expect(q.code, JSON.stringify(q)).toBe(200);
      if (i === 0) expect(q.result.expiresAt).toBe(t.clock.now().getTime() + 600_000);
      quotes.push(q.result.quoteId);
    }
    const answers = await Promise.all(quotes.map((id) => t.buy(u.token, id)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 10011)).toHaveLength(50);
    expect(await t.available(u.id)).toBe('0.000000');
    expect((await t.orders(u.token, { size: '100' })).result.total).toBe(50);
    expect(Number(await t.platform()) - platform).toBeCloseTo(500, 6);
    // Every order has its own premium transfer.
    const ids = new Set(answers.filter((a) => a.code === 200).map((a) => a.result.id));
    expect(ids.size).toBe(50);
    await t.services.params.set(t.database.db, 'options.quoteTtlSeconds', '15');
  });

  it('one quote confirmed 40 times at once buys once; the others are told it is used (40062)', async () => {
    const u = await t.user({ real: '1000' });
    const q = await t.quote(u.token, { seriesId: btc, period: 900, direction: 'call', amount: '100' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.buy(u.token, q.result.quoteId)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40062)).toHaveLength(39);
    expect(await t.available(u.id)).toBe('900.000000');
    expect((await t.orders(u.token)).result.total).toBe(1);
  });
});
