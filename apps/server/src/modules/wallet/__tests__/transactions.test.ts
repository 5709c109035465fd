import type { UOrder } from '@openbourse/contracts/trading.ts';
import type { ListTransactionsResult, Transaction } from '@openbourse/contracts/wallet.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, minor, type TradingTestApp, usdt } from '../../trading/__tests__/helpers.ts';

const PATH = '/swx/customer/user/listTransactions';

/**
 * The transaction record: every ledger movement of the user's book, signed from the user's side,
 * summing to the balance, with the margin order each belongs to; the other book and other users
 * never show.
 */
describe.each(DRIVERS)('user/listTransactions on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  const list = async (token: string, query: Record<string, string> = {}, demo = true) => {
    const res = await t.call<ListTransactionsResult>('GET', PATH, {
      token,
      query,
      headers: { virtually: demo ? 'YES' : 'NO' },
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('records funding, margin held, fee, margin released and profit or loss of a demo round trip', async () => {
    const u = await t.user();
    await t.tick('SOLUSDT', '149.99', '150.00');
    const buy = await t.post<UOrder>(
      'buyU',
      u.token,
      { instrumentId: (await t.inst('SOLUSDT')).id, side: 'buy', lots: '10.0', leverage: 10 },
      true,
    );
    expect(buy.code).toBe(200);
    const pos = buy.result;
    await t.tick('SOLUSDT', '151.00', '151.01');
    expect((await t.post('stopU', u.token, { id: pos.id }, true)).code).toBe(200);

    const body = await list(u.token);
    expect(body.code).toBe(200);
    const rows = body.result.list;
    const types = rows.map((r) => r.type);
    // Newest first: profit, margin released, fee, margin held, demo funds.
    expect(types).toEqual(['cfd_profit', 'cfd_margin_release', 'cfd_fee', 'cfd_margin', 'demo_fund']);
    expect(body.result).toMatchObject({ total: 5, page: 1, size: 20 });
    const by = (type: string) => rows.find((r) => r.type === type) as Transaction;
    expect(by('demo_fund')).toMatchObject({ amount: '100000.000000', available: '100000.000000', orderId: null });
    // 10 lots × 150.00 = 1500 notional: 150 margin, fee at the instrument's rate.
    expect(by('cfd_margin')).toMatchObject({
      amount: '0.000000',
      available: '-150.000000',
      locked: '150.000000',
      orderId: pos.id,
      orderNo: pos.orderNo,
    });
    expect(by('cfd_fee')).toMatchObject({ amount: `-${pos.fee}`, locked: '0.000000', orderNo: pos.orderNo });
    expect(by('cfd_margin_release')).toMatchObject({ amount: '0.000000', locked: '-150.000000' });
    expect(by('cfd_profit')).toMatchObject({ amount: '10.000000', available: '10.000000' }); // (151 − 150) × 10
    for (const r of rows) {
      expect(r.currency).toBe('USDT');
      expect(r.time).toBeTypeOf('number');
      expect(minor(r.amount)).toBe(minor(r.available) + minor(r.locked));
    }
    // The record adds up to the balance.
    const b = await t.balance(u.id, 'demo');
    const sum = rows.reduce((s, r) => s + minor(r.amount), 0n);
    expect(usdt(sum)).toBe(usdt(minor(b.available) + minor(b.locked)));

    // A loss is taken from the margin it releases.
    await t.tick('SOLUSDT', '150.99', '151.00');
    const again = await t.post<UOrder>(
      'buyU',
      u.token,
      { instrumentId: (await t.inst('SOLUSDT')).id, side: 'buy', lots: '1.0', leverage: 10 },
      true,
    );
    await t.tick('SOLUSDT', '150.50', '150.51');
    await t.post('stopU', u.token, { id: again.result.id }, true);
    const latest = (await list(u.token, { size: '2' })).result;
    expect(latest.list.map((r) => r.type)).toEqual(['cfd_margin_release', 'cfd_loss']);
    expect(latest.list[1]).toMatchObject({ amount: '-0.500000', available: '0.000000', locked: '-0.500000' });
    expect(latest.total).toBe(9);

    // Only what changes the total: margin held and released (amount 0, between the user's own
    // balances) left out, paged and counted as such; the rows still add up to the balance.
    const moves = (await list(u.token, { moves: 'balance' })).result;
    expect(moves.list.map((r) => r.type)).toEqual(['cfd_loss', 'cfd_fee', 'cfd_profit', 'cfd_fee', 'demo_fund']);
    expect(moves.total).toBe(5);
    expect(moves.list.every((r) => minor(r.amount) !== 0n)).toBe(true);
    const after = await t.balance(u.id, 'demo');
    expect(usdt(moves.list.reduce((s, r) => s + minor(r.amount), 0n))).toBe(
      usdt(minor(after.available) + minor(after.locked)),
    );
    expect((await list(u.token, { moves: 'nope' })).code).toBe(40001);
  });

  it('pages newest first and filters by currency', async () => {
    const u = await t.user();
    await t.call('GET', PATH, { token: u.token, headers: { virtually: 'YES' } });
    for (let i = 0; i < 3; i++) {
      await t.tick('SOLUSDT', '149.99', '150.00');
      const o = await t.post<UOrder>(
        'buyU',
        u.token,
        {
          instrumentId: (await t.inst('SOLUSDT')).id,
          side: 'buy',
          type: 'limit',
          price: '100.00',
          lots: '1.0',
          leverage: 5,
        },
        true,
      );
      expect(o.code).toBe(200);
      await t.post('chedan', u.token, { id: o.result.id }, true);
    }
    const all = (await list(u.token, { size: '100' })).result.list;
    expect(all.map((r) => r.type)).toEqual([...Array(3).fill(['cfd_entry_release', 'cfd_entry']).flat(), 'demo_fund']);
    const page2 = (await list(u.token, { page: '2', size: '3' })).result;
    expect(page2.list.map((r) => r.id)).toEqual(all.slice(3, 6).map((r) => r.id));
    expect(page2.total).toBe(7);
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    expect((await list(u.token, { currency: 'BTC' })).result).toMatchObject({ list: [], total: 0 });
    expect((await list(u.token, { currency: 'USDT' })).result.total).toBe(7);
  });

  it('keeps the books and the users apart', async () => {
    const a = await t.user({ real: '250' });
    const b = await t.user();
    const real = (await list(a.token, {}, false)).result.list;
    expect(real).toHaveLength(1);
    expect(real[0]).toMatchObject({ type: 'deposit', amount: '250.000000' });
    // b's demo record holds only b's funding, not a's.
    const demoB = (await list(b.token)).result.list;
    expect(demoB.map((r) => r.type)).toEqual(['demo_fund']);
    expect((await list(b.token, {}, false)).result).toMatchObject({ list: [], total: 0 });
  });

  it('answers 40001 for bad paging or currency and 401 without a token, writing nothing', async () => {
    const u = await t.user();
    for (const query of <Record<string, string>[]>[
      { page: '0' },
      { page: 'abc' },
      { size: '0' },
      { size: '101' },
      { size: '1.5' },
      { page: '9'.repeat(30) },
      { currency: 'usdt' },
      { currency: 'x'.repeat(10_000) },
    ]) {
      const body = await list(u.token, query, false);
      expect(body, JSON.stringify(query).slice(0, 60)).toMatchObject({ code: 40001, result: null });
    }
    const anon = await t.call('GET', PATH);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(401);
  });

  it('is published in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json() as {
      paths: Record<string, { get?: unknown }>;
    };
    expect(doc.paths[PATH]?.get).toBeDefined();
    expect(JSON.stringify(doc.paths[PATH])).toContain('cfd_margin_release');
  });

  it('filters by type and time, and exports the same rows as CSV', async () => {
    const u = await t.user();
    await t.tick('SOLUSDT', '149.99', '150.00');
    const inst = (await t.inst('SOLUSDT')).id;
    const buy = await t.post<UOrder>(
      'buyU',
      u.token,
      { instrumentId: inst, side: 'buy', lots: '1.0', leverage: 10 },
      true,
    );
    expect(buy.code).toBe(200);
    expect((await t.post('stopU', u.token, { id: buy.result.id }, true)).code).toBe(200);
    const all = (await list(u.token)).result.list;
    expect((await list(u.token, { type: 'cfd_fee' })).result.list.map((r) => r.type)).toEqual(['cfd_fee']);
    expect((await list(u.token, { type: 'demo_fund' })).result.total).toBe(1);
    expect((await list(u.token, { type: 'other' })).result.total).toBe(0);
    expect((await list(u.token, { type: 'nonsense' })).code).toBe(40001);
    // Time: the funding came first; everything at or after the newest row's time is the newest rows.
    const newest = all[0]!.time;
    const after = (await list(u.token, { from: String(newest) })).result.list;
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.time >= newest)).toBe(true);
    expect((await list(u.token, { to: String(all.at(-1)!.time) })).result.total).toBe(0);
    expect((await list(u.token, { from: 'yesterday' })).code).toBe(40001);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/exportTransactions',
      headers: { authorization: u.token, virtually: 'YES' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-demo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time_utc,type,currency,amount,available,locked,order_no');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(all.map((r) => r.type));
    expect(lines[1]!.split(',')[3]).toBe(all[0]!.amount);
    const fees = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/exportTransactions?type=cfd_fee',
      headers: { authorization: u.token, virtually: 'YES' },
    });
    expect(fees.body.trim().split('\r\n')).toHaveLength(2);
    // Another user's export holds only their own rows.
    const other = await t.user();
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/exportTransactions',
      headers: { authorization: other.token, virtually: 'NO' },
    });
    expect(theirs.body.trim().split('\r\n')).toHaveLength(1);
  });
});
