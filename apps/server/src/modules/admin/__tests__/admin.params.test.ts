import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';

describe.each(DRIVERS)('admin parameters on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('lists parameters with their types, sets valid values (seen by the user app), refuses invalid ones, audits', async () => {
    const owner = await adminToken(t, 'owner');
    const list = await t.call<{ key: string; type: string }[]>('GET', '/swx/admin/params', { token: owner });
    const types = Object.fromEntries(list.body.result.map((p) => [p.key, p.type]));
    expect(types).toMatchObject({
      demo_enabled: 'boolean',
      demo_initial_balance: 'decimal',
      support_email: 'email',
      down_url: 'link',
    });

    const set = (key: string, value: string) =>
      t.call('POST', `/swx/admin/params/${key}`, { token: owner, body: { value } });
    for (const [key, value] of [
      ['demo_enabled', 'yes'],
      ['demo_initial_balance', '-5'],
      ['demo_initial_balance', '1e9'],
      ['support_email', 'not-an-address'],
      ['down_url', 'javascript:alert(1)'],
      ['withdraw_fee_rate', '1.5'],
    ] as const) {
      const res = await set(key, value);
      expect(res.body, `${key}=${value}`).toMatchObject({ code: 40001, field: 'value' });
    }
    expect((await set('no_such_key', 'x')).body.code).toBe(80005);

    expect((await set('support_email', 'help@example.org')).body).toMatchObject({
      code: 200,
      result: { key: 'support_email', value: 'help@example.org' },
    });
    // The user app reads it (public parameters, after the 1 s cache).
    t.clock.advance(2000);
    const pub = await t.call<unknown>('GET', '/swx/customer/index/getParamByKey/support_email');
    expect(JSON.stringify(pub.body.result)).toContain('help@example.org');

    const audit = await t.call<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/swx/admin/audit',
      {
        token: owner,
        query: { action: 'params.set' },
      },
    );
    expect(audit.body.result.items[0]).toMatchObject({
      before: { value: 'support@openbourse.local' },
      after: { value: 'help@example.org' },
    });

    // A reviewer cannot open the parameters at all.
    const reviewer = await adminToken(t, 'reviewer');
    expect((await t.call('GET', '/swx/admin/params', { token: reviewer })).body.code).toBe(40020);
  });
});
