import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

type Detail = {
  user: { id: number; status: string; hasWithdrawalPassword: boolean };
  balances: { real: { currency: string; available: string; locked: string }[] };
  sessions: { live: boolean; ip: string | null }[];
};

describe.each(DRIVERS)('admin users on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('sorts, filters and pages the user list on the server', async () => {
    const made = [await t.user(), await t.user(), await t.user()];
    const token = await adminToken(t, 'support');
    type Page = { items: { id: number; username: string; status: string }[]; total: number };
    const list = async (query: Record<string, string>) =>
      (await t.call<Page>('GET', '/swx/admin/users', { token, query })).body;

    const all = await list({ size: '100', sort: 'id', dir: 'asc' });
    expect(all.result.total).toBeGreaterThanOrEqual(3);
    const ids = all.result.items.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const byName = (await list({ size: '100', sort: 'username', dir: 'desc' })).result.items.map((x) => x.username);
    expect(byName).toEqual([...byName].sort().reverse());

    // Pages do not overlap and together hold every row.
    const first = await list({ size: '2', page: '1', sort: 'id', dir: 'desc' });
    const second = await list({ size: '2', page: '2', sort: 'id', dir: 'desc' });
    expect(first.result.total).toBe(all.result.total);
    expect(first.result.items.map((x) => x.id)).toEqual([...ids].reverse().slice(0, 2));
    expect(second.result.items.map((x) => x.id)).toEqual([...ids].reverse().slice(2, 4));

    const last = made[2] as { id: number };
    await t.call('POST', `/swx/admin/users/${last.id}/status`, {
      token,
      body: { status: 'disabled', reason: 'sorting test' },
    });
    const disabled = await list({ status: 'disabled', size: '100' });
    expect(disabled.result.items.map((x) => x.id)).toContain(last.id);
    expect(disabled.result.items.every((x) => x.status === 'disabled')).toBe(true);

    expect((await list({ sort: 'password' })).code).toBe(40001);
    expect((await list({ size: '1000' })).code).toBe(40001);
  });

  it('finds users by id, name and email, and shows balances, sessions, statement and orders', async () => {
    const u = await t.user({ real: '5000' });
    await t.tick('ETHUSDT', '3200.00', '3200.50');
    const eth = await t.inst('ETHUSDT');
    expect((await t.post('buyU', u.token, { instrumentId: eth.id, side: 'buy', lots: '1', leverage: 10 })).code).toBe(
      200,
    );
    const token = await adminToken(t, 'reviewer'); // users.read, not users.manage
    const info = (
      await t.call<{ username: string; email: string }>('POST', '/swx/customer/user/getUserInfo', { token: u.token })
    ).body.result;

    for (const q of [String(u.id), info.username.slice(2, 9).toUpperCase(), info.email]) {
      const found = await t.call<{ items: { id: number }[] }>('GET', '/swx/admin/users', { token, query: { q } });
      expect(
        found.body.result.items.map((x) => x.id),
        q,
      ).toContain(u.id);
    }
    // LIKE's own characters are taken literally.
    const none = await t.call<{ items: unknown[] }>('GET', '/swx/admin/users', { token, query: { q: '%_%' } });
    expect(none.body.result.items).toEqual([]);

    const detail = (await t.call<Detail>('GET', `/swx/admin/users/${u.id}`, { token })).body.result;
    expect(detail.user).toMatchObject({ id: u.id, status: 'active' });
    // 5000 funded; 320.05 margin + fee held: the engine's figures, exactly.
    const usdt = detail.balances.real.find((b) => b.currency === 'USDT');
    expect(Number(usdt?.available) + Number(usdt?.locked)).toBeLessThan(5000);
    expect(detail.sessions.some((s) => s.live)).toBe(true);

    const statement = await t.call<{ total: number; entries: { code: string }[] }>(
      'GET',
      `/swx/admin/users/${u.id}/statement`,
      { token, query: { mode: 'real' } },
    );
    expect(statement.body.result.total).toBeGreaterThanOrEqual(2);
    const orders = await t.call<{ total: number }>('GET', `/swx/admin/users/${u.id}/orders`, {
      token,
      query: { mode: 'real' },
    });
    expect(orders.body.result.total).toBe(1);

    // A reviewer reads but does not change.
    const denied = await t.call('POST', `/swx/admin/users/${u.id}/status`, {
      token,
      body: { status: 'disabled', reason: 'testing' },
    });
    expect(denied.body.code).toBe(40020);
    expect((await t.call('GET', '/swx/admin/users/999999999', { token })).body.code).toBe(80005);
  });

  it('disables a user (signed out at once), re-enables, and resets the withdrawal password, all audited', async () => {
    const u = await t.user();
    const support = await adminToken(t, 'support');
    const disable = await t.call('POST', `/swx/admin/users/${u.id}/status`, {
      token: support,
      body: { status: 'disabled', reason: 'chargeback under review' },
    });
    expect(disable.body).toMatchObject({ code: 200, result: { status: 'disabled' } });
    expect((await t.call('POST', '/swx/customer/user/getUserInfo', { token: u.token })).status).toBe(401);
    const enable = await t.call('POST', `/swx/admin/users/${u.id}/status`, {
      token: support,
      body: { status: 'active', reason: 'cleared' },
    });
    expect(enable.body).toMatchObject({ code: 200, result: { status: 'active' } });
    const reset = await t.call('POST', `/swx/admin/users/${u.id}/resetWithdrawalPassword`, {
      token: support,
      body: { reason: 'lost it, identity checked by phone' },
    });
    expect(reset.body.code).toBe(200);
    // A reason is required.
    expect(
      (await t.call('POST', `/swx/admin/users/${u.id}/revokeSessions`, { token: support, body: {} })).body.code,
    ).toBe(40001);

    const owner = await adminToken(t, 'owner');
    const audit = await t.call<{
      items: { action: string; targetId: string; after: { reason: string; revokedSessions?: number } }[];
    }>('GET', '/swx/admin/audit', { token: owner, query: { targetType: 'user', targetId: String(u.id) } });
    expect(audit.body.result.items.map((i) => i.action)).toEqual([
      'users.resetWithdrawalPassword',
      'users.enable',
      'users.disable',
    ]);
    expect(audit.body.result.items[2]?.after).toMatchObject({ reason: 'chargeback under review', revokedSessions: 1 });
  });
});
