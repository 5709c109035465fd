/**
 * The back office's options: who may read the figures and who may edit series, the exposure and the
 * options account beside it, the editor's checks, and the audit of every edit with before and after.
 */
import type { AdminOptionSeries, AdminOptionSeriesResult } from '@openbourse/contracts/options.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createOptionsTestApp, type OptionsTestApp, units } from '../../options/__tests__/helpers.ts';

type AuditItems = { items: { action: string; before: unknown; after: unknown }[] };

describe.each(DRIVERS)('admin options on %s', (driver) => {
  let t: OptionsTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createOptionsTestApp(driver);
    await t.history('BTCUSDT', '95000.00', 40);
    owner = await adminToken(t, 'owner');
  });
  afterAll(async () => t?.close());

  const list = async (token = owner) =>
    (await t.call<AdminOptionSeriesResult>('GET', '/swx/admin/option-series', { token })).body;
  /** PUT through the app (the test client speaks GET and POST). */
  const put = async <T>(path: string, body: unknown) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: { authorization: owner },
      payload: body as object,
    });
    return { body: res.json() as { code: number; result: T } };
  };
  const input = (o: Record<string, unknown> = {}) => ({
    instrument: 'ETHUSDT',
    currency: 'USDT',
    periods: [900, 300, 900],
    minAmount: '5',
    maxAmount: '500',
    spreadBps: 300,
    capMove: '0.03',
    enabled: true,
    ...o,
  });

  it('shows every series with its open orders and exposure, and the options account beside it', async () => {
    const btc = await t.seriesId('BTCUSDT');
    const before = await list();
    expect(before.code).toBe(200);
    const u = await t.user({ real: '1000' });
    const bought: string[] = [];
    for (const amount of ['100', '250']) {
      const q = await t.quote(u.token, { seriesId: btc, period: 300, direction: 'call', amount });
      const o = await t.buy(u.token, q.result.quoteId);
      expect(o.code).toBe(200);
      bought.push(o.result.maxPayout);
    }
    const after = await list();
    const row = after.result.list.find((s) => s.id === btc)!;
    expect(row).toMatchObject({ code: 'BTCUSDT', enabled: true, open: 2, tradable: true });
    expect(units(row.exposure, 6)).toBe(units(bought[0]!, 6) + units(bought[1]!, 6));
    const real = after.result.accounts.find((a) => a.mode === 'real' && a.currency === 'USDT')!;
    expect(real).toMatchObject({ open: 2, exposure: row.exposure });
    expect(units(real.balance, 6)).toBe(units(await t.platform(), 6));
    expect(units(real.balance, 6)).toBeGreaterThanOrEqual(350_000_000n);
    expect(after.result.accounts.some((a) => a.mode === 'demo' && a.currency === 'USDT')).toBe(true);
    // Every role reads the figures; only owners edit.
    const support = await adminToken(t, 'support');
    expect((await list(support)).code).toBe(200);
    expect((await t.call('POST', '/swx/admin/option-series', { token: support, body: input() })).body.code).not.toBe(
      200,
    );
  });

  it('creates and edits series (audited), checking the instrument, the amounts against the currency and the cap', async () => {
    const created = await t.call<AdminOptionSeries>('POST', '/swx/admin/option-series', {
      token: owner,
      body: input(),
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({
      code: 'ETHUSDT',
      periods: [300, 900],
      minAmount: '5',
      maxAmount: '500',
      spreadBps: 300,
      capMove: '0.03',
      enabled: true,
      open: 0,
      exposure: '0',
    });
    const id = created.body.result.id;
    const byId = await put<AdminOptionSeries>(
      `/swx/admin/option-series/${id}`,
      input({ instrument: String((await t.inst('SOLUSDT')).id), enabled: false, maxAmount: '1000' }),
    );
    expect(byId.body.result).toMatchObject({ code: 'SOLUSDT', enabled: false, maxAmount: '1000' });
    // Users no longer see it.
    expect((await t.series()).result.list.some((s) => s.id === id)).toBe(false);
    // The console edits by POST to the same address.
    const byPost = await t.call<AdminOptionSeries>('POST', `/swx/admin/option-series/${id}`, {
      token: owner,
      body: input({ instrument: 'SOLUSDT', enabled: false, maxAmount: '900' }),
    });
    expect(byPost.body.result).toMatchObject({ code: 'SOLUSDT', maxAmount: '900' });

    const refused = async (body: object, field: string) => {
      const res = await t.call('POST', '/swx/admin/option-series', { token: owner, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 40001, field });
    };
    await refused(input({ instrument: 'NOPE' }), 'instrument');
    await refused(input({ currency: 'XYZ' }), 'currency');
    await refused(input({ minAmount: '600' }), 'maxAmount');
    await refused(input({ minAmount: '0.0000001' }), 'minAmount');
    await refused(input({ minAmount: '0' }), 'minAmount');
    await refused(input({ capMove: '0' }), 'capMove');
    await refused(input({ capMove: '1' }), 'capMove');
    await refused(input({ periods: [] }), 'periods');
    expect((await put('/swx/admin/option-series/99999', input())).body.code).toBe(80005);

    const audit = (
      await t.call<AuditItems>('GET', '/swx/admin/audit', {
        token: owner,
        query: { targetType: 'optionSeries', targetId: String(id) },
      })
    ).body.result.items;
    expect(audit.map((a) => a.action).sort()).toEqual([
      'optionSeries.create',
      'optionSeries.update',
      'optionSeries.update',
    ]);
    const updates = audit.filter((a) => a.action === 'optionSeries.update');
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          before: expect.objectContaining({ enabled: true, maxAmount: '500' }),
          after: expect.objectContaining({ enabled: false, maxAmount: '1000' }),
        }),
        expect.objectContaining({
          before: expect.objectContaining({ maxAmount: '1000' }),
          after: expect.objectContaining({ maxAmount: '900' }),
        }),
      ]),
    );
  });
});
