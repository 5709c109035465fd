/**
 * The back office's side: reserves recorded by an owner (audited create / update / delete, exact at
 * the currency's scale, refused for an unknown currency or too many decimals, refused to other roles)
 * and the dashboard's coverage of the latest proof of liabilities (exact ratio, under 100 % marked).
 */
import type { CoverageResult, Reserve } from '@openbourse/contracts/liabilities.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';

describe.each(DRIVERS)('reserves and coverage on %s', (driver) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.services.jobs.stop();
    owner = await adminToken(t, 'owner');
  });
  afterAll(async () => t?.close());

  const reserve = (body: Record<string, string>, token = owner, id?: number) =>
    t.call<Reserve>('POST', id ? `/swx/admin/reserves/${id}` : '/swx/admin/reserves', { token, body });
  const coverage = async (token = owner) =>
    (await t.call<CoverageResult>('GET', '/swx/admin/liabilities/coverage', { token })).body;

  it('sets the latest liabilities against the recorded reserves, exactly, marking what is under 100 %', async () => {
    expect((await coverage()).result.snapshot).toBeNull();
    const u = await registerUser(t);
    const { ledger } = t.services;
    const deposit = (currency: string, amount: string) =>
      ledger.transfer(t.database.db, {
        key: `pol-admin:${currency}`,
        debit: { platform: 'treasury', mode: 'real' },
        credit: { userId: u.id, mode: 'real' },
        currency,
        amount,
        code: 'deposit',
      });
    await deposit('USDT', '1000');
    await deposit('BTC', '0.3');
    const day = t.clock.now().toISOString().slice(0, 10);
    await t.services.liabilities.runDay(day);

    const a = await reserve({ currency: 'usdt', amount: '1200.5', holder: 'TXyz…custody', attestedOn: '2026-03-31' });
    expect(a.body.code, JSON.stringify(a.body)).toBe(200);
    expect(a.body.result).toMatchObject({ currency: 'USDT', amount: '1200.500000' });
    const b = await reserve({
      currency: 'BTC',
      amount: '0.1',
      holder: 'bc1q-cold',
      attestedOn: '2026-03-30',
      note: 'cold',
    });
    expect(b.body.code).toBe(200);

    // Any admin role reads the coverage (the dashboard).
    const c = await coverage(await adminToken(t, 'editor'));
    expect(c.code).toBe(200);
    expect(c.result.snapshot?.day).toBe(day);
    const line = (cur: string) => c.result.lines.find((l) => l.currency === cur);
    // Others' balances (the platform's market maker, …) count as liabilities too: compare with the published totals.
    const root = await t.services.liabilities.latest();
    const owed = (cur: string) => root.totals.find((x) => x.currency === cur)?.amount as string;
    expect(line('USDT')).toMatchObject({
      liabilities: owed('USDT'),
      reserves: '1200.500000',
      attestedOn: '2026-03-31',
    });
    expect(line('BTC')).toMatchObject({ liabilities: owed('BTC'), reserves: '0.10000000', under: true });
    if (owed('USDT') === '1000.000000') expect(line('USDT')).toMatchObject({ coverage: '1.2005', under: false });
    if (owed('BTC') === '0.30000000') expect(line('BTC')?.coverage).toBe('0.3333');

    // Edited and deleted, each audited with before and after.
    const id = b.body.result.id;
    const edited = await reserve(
      { currency: 'BTC', amount: '5', holder: 'bc1q-cold', attestedOn: '2026-04-01' },
      owner,
      id,
    );
    expect(edited.body.result.amount).toBe('5.00000000');
    const btc = (await coverage()).result.lines.find((l) => l.currency === 'BTC');
    expect(btc?.reserves).toBe('5.00000000');
    if (owed('BTC') === '0.30000000') expect(btc).toMatchObject({ coverage: '16.6666', under: false });
    const del = await t.call('POST', `/swx/admin/reserves/${id}/delete`, { token: owner });
    expect(del.body.code).toBe(200);
    expect((await t.call('POST', `/swx/admin/reserves/${id}/delete`, { token: owner })).body.code).toBe(40400);
    // The family filter: every reserves.* entry.
    const audit = await t.call<{ items: { action: string; targetId: string }[] }>('GET', '/swx/admin/audit', {
      token: owner,
      query: { action: 'reserves' },
    });
    expect(audit.body.code).toBe(200);
    const actions = audit.body.result.items.map((x) => `${x.action}:${x.targetId}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `reserves.create:${a.body.result.id}`,
        `reserves.create:${id}`,
        `reserves.update:${id}`,
        `reserves.delete:${id}`,
      ]),
    );
  });

  it('refuses an unknown currency, too many decimals, a malformed date, and other roles', async () => {
    const base = { currency: 'USDT', amount: '1', holder: 'x', attestedOn: '2026-04-01' };
    expect((await reserve({ ...base, currency: 'NOPE' })).body.code).toBe(40142);
    const decimals = await reserve({ ...base, amount: '1.0000001' });
    expect([decimals.body.code, decimals.body.field]).toEqual([40001, 'amount']);
    expect((await reserve({ ...base, amount: '-1' })).body.code).toBe(40001);
    expect((await reserve({ ...base, attestedOn: 'yesterday' })).body.code).toBe(40001);
    for (const role of ['reviewer', 'support', 'editor'] as const) {
      const token = await adminToken(t, role);
      expect((await reserve(base, token)).body.code).toBe(40020);
      expect((await t.call('GET', '/swx/admin/reserves', { token })).body.code).toBe(40020);
    }
    expect((await t.call('GET', '/swx/admin/reserves')).status).toBe(401);
  });
});
