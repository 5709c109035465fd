import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { type ExchangeTestApp, createExchangeTestApp } from './helpers.ts';

/** A quote executes once however many confirms race, and two quotes never spend one balance twice. */
describe.each(DRIVERS)('currency exchange under races on %s', (driver) => {
  let t: ExchangeTestApp;
  beforeAll(async () => {
    t = await createExchangeTestApp(driver);
    await t.tick('BTCUSDT', '95000.13', '95010.00');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('executes one quote once when 60 confirms race', async () => {
    const u = await t.user();
    await t.give(u.id, 'BTC', '1');
    const q = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '0.25' });
    const answers = await Promise.all(Array.from({ length: 60 }, () => t.confirm(u.token, q.result.quoteId)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40049)).toHaveLength(59);
    expect(await t.available(u.id, 'BTC')).toBe('0.75000000');
    expect(await t.available(u.id, 'USDT')).toBe(q.result.receive.padEnd(q.result.receive.indexOf('.') + 7, '0'));
    expect((await t.list(u.token)).result.total).toBe(1);
  });

  it('lets one of two quotes through when the balance covers only one; the other writes nothing', async () => {
    const u = await t.user();
    await t.give(u.id, 'BTC', '0.5');
    const a = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '0.3' });
    const b = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '0.3' });
    expect([a.code, b.code]).toEqual([200, 200]);
    const [ra, rb] = await Promise.all([t.confirm(u.token, a.result.quoteId), t.confirm(u.token, b.result.quoteId)]);
    const codes = [ra.code, rb.code].sort((x, y) => x - y);
    expect(codes).toEqual([200, 10011]);
    const failed = ra.code === 200 ? rb : ra;
    expect(failed).toMatchObject({ field: 'amount', result: null });
    expect(await t.available(u.id, 'BTC')).toBe('0.20000000');
    expect(await t.available(u.id, 'USDT')).toBe('28357.538805');
    const list = await t.list(u.token);
    expect(list.result.total).toBe(1);
    // The refused quote stays unused: with the balance topped up it can still be confirmed in time.
    await t.give(u.id, 'BTC', '0.1');
    const late = ra.code === 200 ? b : a;
    expect((await t.confirm(u.token, late.result.quoteId)).code).toBe(200);
    expect(await t.available(u.id, 'BTC')).toBe('0.00000000');
  });

  it('keeps 30 exchanges of one user in both directions at once consistent', async () => {
    const u = await t.user({ real: '100000' });
    await t.give(u.id, 'BTC', '1');
    const quotes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.quote(
          u.token,
          i % 2 ? { from: 'BTC', to: 'USDT', amount: '0.01' } : { from: 'USDT', to: 'BTC', amount: '500' },
        ),
      ),
    );
    const done = await Promise.all(quotes.map((q) => t.confirm(u.token, q.result.quoteId)));
    expect(done.map((d) => d.code)).toEqual(Array(30).fill(200));
    expect((await t.list(u.token, { size: '100' })).result.total).toBe(30);
  });
});
