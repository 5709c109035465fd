import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { WEDNESDAY_OPEN } from '../../trading/__tests__/helpers.ts';
import { type ExchangeTestApp, createExchangeTestApp } from './helpers.ts';

/** user/dh: quoted at the recorded ticks less the spread, rounded down, confirmed once through the ledger. */
describe.each(DRIVERS)('currency exchange on %s', (driver) => {
  let t: ExchangeTestApp;
  let btcTick: number;
  let ethTick: number;
  beforeAll(async () => {
    t = await createExchangeTestApp(driver);
    btcTick = (await t.tick('BTCUSDT', '95000.13', '95010.00')).id;
    ethTick = (await t.tick('ETHUSDT', '3200.10', '3200.50')).id;
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    t.clock.set(WEDNESDAY_OPEN);
    await t.expectBalanced();
  });

  it('sells BTC at the bid less the spread, rounds down, and moves exactly the quoted amounts', async () => {
    const u = await t.user();
    await t.give(u.id, 'BTC', '0.5');
    const q = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '0.12345678' });
    expect(q.code, JSON.stringify(q)).toBe(200);
    // 95000.13 × (1 − 0.005) = 94525.12935; 0.12345678 × 94525.12935 = 11669.76809…, rounded down.
    expect(q.result).toMatchObject({
      mode: 'real',
      from: 'BTC',
      to: 'USDT',
      amount: '0.12345678',
      receive: '11669.768098',
      rate: '94525.12935',
      spreadBps: 50,
      fromPrice: '95000.13',
      toPrice: '1',
      fromTickId: btcTick,
      toTickId: null,
      expiresAt: new Date(WEDNESDAY_OPEN).getTime() + 15_000,
    });
    expect(q.result.quoteId).toMatch(/^[0-9a-f]{32}$/);
    // Quoting moves nothing.
    expect(await t.available(u.id, 'BTC')).toBe('0.50000000');

    const done = await t.confirm(u.token, q.result.quoteId);
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(done.result).toMatchObject({ quoteId: q.result.quoteId, amount: '0.12345678', receive: '11669.768098' });
    expect(await t.available(u.id, 'BTC')).toBe('0.37654322');
    expect(await t.available(u.id, 'USDT')).toBe('11669.768098');
    const list = await t.list(u.token);
    expect(list.result).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.result.list[0]).toMatchObject({
      quoteId: q.result.quoteId,
      fromTickId: btcTick,
      receive: '11669.768098',
    });
    // The transaction record names both movements by their own types.
    const record = async (type: string) => {
      const res = await t.call<{ list: { type: string; currency: string; amount: string }[] }>(
        'GET',
        '/swx/customer/user/listTransactions',
        { token: u.token, headers: { virtually: 'NO' }, query: { type } },
      );
      return (res.body as { result: { list: { type: string; currency: string; amount: string }[] } }).result.list;
    };
    expect(await record('exchange_out')).toMatchObject([{ type: 'exchange_out', currency: 'BTC' }]);
    expect(await record('exchange_in')).toMatchObject([{ type: 'exchange_in', currency: 'USDT' }]);
    expect((await record('other')).some((r) => r.type.startsWith('exchange'))).toBe(false);
  });

  it('buys at the ask, crosses two coins through USDT, and credits the platform’s exchange account', async () => {
    const u = await t.user({ real: '1000' });
    const before = { usdt: await t.platform('USDT'), btc: await t.platform('BTC') };
    const q = await t.quote(u.token, { from: 'USDT', to: 'BTC', amount: '1000' });
    // 1 / 95010 × 0.995, rounded down to 18 decimals; × 1000 rounded down to 8.
    expect(q.result).toMatchObject({ rate: '0.000010472581833491', receive: '0.01047258', toPrice: '95010' });
    expect((await t.confirm(u.token, q.result.quoteId)).code).toBe(200);
    expect(await t.available(u.id, 'USDT')).toBe('0.000000');
    expect(await t.available(u.id, 'BTC')).toBe('0.01047258');
    const units = (s: string, d: number) =>
      BigInt(s.replace('.', '')) * 10n ** BigInt(d - (s.split('.')[1]?.length ?? 0));
    expect(units(await t.platform('USDT'), 6) - units(before.usdt, 6)).toBe(1000_000000n);
    expect(units(before.btc, 8) - units(await t.platform('BTC'), 8)).toBe(1047258n);

    const e = await t.user();
    await t.give(e.id, 'ETH', '2');
    const cross = await t.quote(e.token, { from: 'ETH', to: 'BTC', amount: '1.5' });
    expect(cross.result).toMatchObject({
      rate: '0.033513309125355225',
      receive: '0.05026996',
      fromPrice: '3200.1',
      toPrice: '95010',
      fromTickId: ethTick,
      toTickId: btcTick,
    });
  });

  it('takes the spread from the parameter an operator edits', async () => {
    await t.services.params.set(t.database.db, 'exchange.spreadBps', '0');
    try {
      const u = await t.user();
      await t.give(u.id, 'BTC', '1');
      const q = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '1' });
      expect(q.result).toMatchObject({ spreadBps: 0, rate: '95000.13', receive: '95000.13' });
    } finally {
      await t.services.params.set(t.database.db, 'exchange.spreadBps', '50');
    }
  });

  it('rounds what is received down, and refuses an amount that receives nothing', async () => {
    const u = await t.user({ real: '1' });
    await t.give(u.id, 'BTC', '0.00000001');
    const tiny = await t.quote(u.token, { from: 'BTC', to: 'USDT', amount: '0.00000001' });
    expect(tiny.result.receive).toBe('0.000945');
    const none = await t.quote(u.token, { from: 'USDT', to: 'BTC', amount: '0.000001' });
    expect(none).toMatchObject({ code: 40047, field: 'amount', result: null });
  });

  it('refuses a quote of the same currency, an unknown one, one without a recorded price, or more than the balance', async () => {
    const u = await t.user({ real: '100' });
    const q = (body: unknown) => t.quote(u.token, body);
    expect(await q({ from: 'USDT', to: 'USDT', amount: '1' })).toMatchObject({ code: 40045, field: 'to' });
    expect(await q({ from: 'XYZ', to: 'USDT', amount: '1' })).toMatchObject({ code: 40046, field: 'from' });
    // EUR is a ledger currency with no EURUSDT market; XRPUSDT has no recorded tick in this app.
    expect(await q({ from: 'USDT', to: 'EUR', amount: '1' })).toMatchObject({ code: 40046, field: 'to' });
    expect(await q({ from: 'USDT', to: 'XRP', amount: '1' })).toMatchObject({ code: 40046, field: 'to' });
    expect(await q({ from: 'usdt!', to: 'BTC', amount: '1' })).toMatchObject({ code: 40046, field: 'from' });
    expect(await q({ from: 'USDT', to: 'BTC', amount: '100.000001' })).toMatchObject({ code: 10011, field: 'amount' });
    expect(await q({ from: 'BTC', to: 'USDT', amount: '0.1' })).toMatchObject({ code: 10011, field: 'amount' });
  });

  it('answers bad amounts and bad types with catalogue codes naming the field, never a 500', async () => {
    const u = await t.user({ real: '100' });
    const q = (amount: unknown, extra: object = {}) => t.quote(u.token, { from: 'USDT', to: 'BTC', amount, ...extra });
    for (const amount of [
      '0',
      '0.000000',
      '-1',
      '1e5',
      '1.0000001',
      '12345678901234567',
      '9'.repeat(39),
      ' ',
      'abc',
      5,
      -5,
      null,
      true,
      {},
      [],
    ]) {
      const res = await q(amount);
      expect([40037, 40038], `${JSON.stringify(amount)} → ${JSON.stringify(res)}`).toContain(res.code);
      expect(res.field).toBe('amount');
    }
    expect((await q(undefined)).code).toBe(40037);
    expect((await q('')).code).toBe(40037);
    expect((await q('1', { from: 5 })).code).toBe(40046);
    expect((await q('1', { to: ['BTC'] })).code).toBe(40046);
    expect((await t.quote(u.token, 'not json object')).code).not.toBe(50000);
    for (const quoteId of [5, 'abc', 'g'.repeat(32), null, 'a'.repeat(33)]) {
      expect(await t.confirm(u.token, quoteId)).toMatchObject({ code: 40049, field: 'quoteId' });
    }
    expect((await t.list(u.token, { page: '0' })).code).toBe(40001);
    expect((await t.list(u.token, { size: '1000' })).code).toBe(40001);
    expect((await t.list(u.token, { currency: 'bad!' })).code).toBe(40001);
  });

  it('refuses an expired quote, a used one, another user’s and another account’s', async () => {
    const u = await t.user({ real: '100' });
    const other = await t.user({ real: '100' });
    const fresh = async () => (await t.quote(u.token, { from: 'USDT', to: 'BTC', amount: '10' })).result.quoteId;

    const late = await fresh();
    t.clock.advance(15_000);
    expect(await t.confirm(u.token, late)).toMatchObject({ code: 40048, field: 'quoteId' });
    t.clock.set(WEDNESDAY_OPEN);

    const justInTime = await fresh();
    t.clock.advance(14_999);
    expect((await t.confirm(u.token, justInTime)).code).toBe(200);
    t.clock.set(WEDNESDAY_OPEN);
    expect(await t.confirm(u.token, justInTime)).toMatchObject({ code: 40049 });

    const mine = await fresh();
    expect(await t.confirm(other.token, mine)).toMatchObject({ code: 40049 });
    expect(await t.confirm(u.token, mine, true)).toMatchObject({ code: 40049 });
    expect(await t.confirm(u.token, 'f'.repeat(32))).toMatchObject({ code: 40049 });
    expect(await t.available(other.id, 'BTC')).toBe('0.00000000');
    expect((await t.confirm(u.token, mine)).code).toBe(200);
    expect(await t.available(u.id, 'USDT')).toBe('80.000000');
    expect((await t.list(other.token)).result.total).toBe(0);
  });

  it('exchanges in the demo account when the request is for it, leaving the real one alone', async () => {
    const u = await t.user({ real: '50' });
    const q = await t.quote(u.token, { from: 'USDT', to: 'ETH', amount: '3200.5' }, true);
    expect(q.result).toMatchObject({ mode: 'demo', toPrice: '3200.5' });
    // 3200.5 × (1 / 3200.5 × 0.995 rounded down to 18 decimals), rounded down to 18 decimals.
    expect(q.result.receive).toMatch(/^0\.99499999999999\d+$/);
    const done = await t.confirm(u.token, q.result.quoteId, true);
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(await t.available(u.id, 'ETH', 'demo')).toBe(
      `${q.result.receive}${'0'.repeat(20 - q.result.receive.length)}`,
    );
    expect(await t.available(u.id, 'USDT')).toBe('50.000000');
    expect(await t.available(u.id, 'ETH')).toBe(`0.${'0'.repeat(18)}`);
    expect((await t.list(u.token, undefined, true)).result.total).toBe(1);
    expect((await t.list(u.token)).result.total).toBe(0);
  });

  it('lists executed exchanges newest first, paged and filtered by currency', async () => {
    const u = await t.user({ real: '1000' });
    await t.give(u.id, 'ETH', '1');
    const ids: string[] = [];
    for (const [i, body] of [
      { from: 'USDT', to: 'BTC', amount: '10' },
      { from: 'ETH', to: 'USDT', amount: '0.1' },
      { from: 'USDT', to: 'ETH', amount: '20' },
    ].entries()) {
      t.clock.advance(1000 * (i + 1));
      const q = await t.quote(u.token, body);
      expect((await t.confirm(u.token, q.result.quoteId)).code).toBe(200);
      ids.push(q.result.quoteId);
    }
    // An unconfirmed quote is not an exchange.
    await t.quote(u.token, { from: 'USDT', to: 'BTC', amount: '1' });
    const all = await t.list(u.token);
    expect(all.result.list.map((e) => e.quoteId)).toEqual([...ids].reverse());
    const page2 = await t.list(u.token, { page: '2', size: '2' });
    expect(page2.result).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page2.result.list.map((e) => e.quoteId)).toEqual([ids[0]]);
    const btc = await t.list(u.token, { currency: 'BTC' });
    expect(btc.result.list.map((e) => e.quoteId)).toEqual([ids[0]]);
    expect(all.result.list[0]!.executedAt).toBeGreaterThanOrEqual(all.result.list[0]!.quotedAt);
  });

  it('requires a session', async () => {
    const res = await t.call('POST', '/swx/customer/user/dh/quote', { body: { from: 'USDT', to: 'BTC', amount: '1' } });
    expect(res.status).toBe(401);
  });

  it('counts each user’s quotes: past 60 a minute the next is refused with 42900, other users unaffected', async () => {
    const u = await t.user();
    const other = await t.user();
    await t.give(u.id, 'USDT', '1000');
    const ask = (token: string) =>
      t.call('POST', '/swx/customer/user/dh/quote', { token, body: { from: 'USDT', to: 'BTC', amount: '1' } });
    const asks = await Promise.all(Array.from({ length: 61 }, () => ask(u.token)));
    expect(asks.filter((a) => a.body.code === 200)).toHaveLength(60);
    const refused = asks.filter((a) => a.body.code === 42900);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status).toBe(429);
    await t.give(other.id, 'USDT', '10');
    expect((await ask(other.token)).body.code).toBe(200);
    t.clock.advance(61_000);
    expect((await ask(u.token)).body.code).toBe(200);
  });
});
