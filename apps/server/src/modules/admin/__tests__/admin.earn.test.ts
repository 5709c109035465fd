/**
 * The back office's smart plans: who may do what (owners edit products and fund the treasury, every
 * role reads the treasury's figures), the products' checks (40001 naming the field), the audit of
 * every edit and funding with before and after, the treasury's figures.
 */
import type { AdminSmartProductsResult, AdminTreasuryResult } from '@openbourse/contracts/earn.ts';
import { DAY_MS } from '@openbourse/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createEarnTestApp, type EarnTestApp, units } from '../../earn/__tests__/helpers.ts';

type AuditItems = { items: { action: string; before: unknown; after: unknown }[] };

const body = (over: Record<string, unknown> = {}) => ({
  names: { en: 'Silver plan' },
  descriptions: { en: 'A fixed daily yield from the treasury.' },
  currency: 'USDT',
  minAmount: '10',
  maxAmount: '1000',
  terms: [{ days: 5, dailyYield: '0.002' }],
  maxPlans: 2,
  onePerUser: false,
  exitPenalty: '0.01',
  enabled: true,
  sort: 9,
  ...over,
});

describe.each(DRIVERS)('admin smart plans on %s', (driver) => {
  let t: EarnTestApp;
  beforeAll(async () => {
    t = await createEarnTestApp(driver);
  });
  afterEach(async () => t.expectBalanced());
  afterAll(async () => t?.close());

  const audit = async (targetType: string, targetId: string) =>
    (await t.call<AuditItems>('GET', '/swx/admin/audit', { token: t.owner, query: { targetType, targetId } })).body
      .result.items;

  it('owners edit products and fund; every role reads the treasury; the others edit nothing', async () => {
    const reviewer = await adminToken(t, 'reviewer');
    const support = await adminToken(t, 'support');
    for (const token of [reviewer, support]) {
      expect((await t.call('GET', '/swx/admin/smart-products', { token })).body.code).not.toBe(200);
      expect((await t.call('POST', '/swx/admin/smart-products', { token, body: body() })).body.code).not.toBe(200);
      expect((await t.call('POST', '/swx/admin/smart-products/1', { token, body: body() })).body.code).not.toBe(200);
      const fund = await t.call('POST', '/swx/admin/earn-treasury/fund', {
        token,
        body: { currency: 'USDT', amount: '1', memo: 'not allowed' },
      });
      expect(fund.body.code).not.toBe(200);
      expect((await t.call('GET', '/swx/admin/earn-treasury', { token })).body.code).toBe(200);
    }
    expect((await t.call('GET', '/swx/admin/earn-treasury')).status).toBe(401);
    const list = await t.call<AdminSmartProductsResult>('GET', '/swx/admin/smart-products', { token: t.owner });
    expect(list.body.result.list.map((p) => p.names.en)).toEqual(expect.arrayContaining(['Gold plan', 'Starter plan']));
    expect(list.body.result.list.find((p) => p.names.en === 'Gold plan')?.descriptions.ar).toBeTruthy();
  });

  it('checks products: currency, amounts at its scale, min ≤ max, one entry per term, en required', async () => {
    const refuse = async (over: Record<string, unknown>, field: string) => {
      const res = await t.call('POST', '/swx/admin/smart-products', { token: t.owner, body: body(over) });
      expect(res.body, JSON.stringify(over)).toMatchObject({ code: 40001, field });
    };
    await refuse({ currency: 'NOPE' }, 'currency');
    await refuse({ minAmount: '0.0000001' }, 'minAmount');
    await refuse({ minAmount: '0' }, 'minAmount');
    await refuse({ maxAmount: '5' }, 'maxAmount');
    await refuse(
      {
        terms: [
          { days: 5, dailyYield: '0.002' },
          { days: 5, dailyYield: '0.003' },
        ],
      },
      'terms',
    );
    expect(
      (await t.call('POST', '/swx/admin/smart-products', { token: t.owner, body: body({ names: { fr: 'x' } }) })).body
        .code,
    ).toBe(40001);
    expect(
      (
        await t.call('POST', '/swx/admin/smart-products', {
          token: t.owner,
          body: body({ terms: [{ days: 5, dailyYield: '1.5' }] }),
        })
      ).body.code,
    ).toBe(40001);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/swx/admin/smart-products/99999',
      headers: { authorization: t.owner },
      payload: body(),
    });
    expect(put.json().code).toBe(80005);
  });

  it('audits creations and edits with before and after; a plan keeps the terms it was bought with', async () => {
    const created = await t.product({ names: { en: 'Audited plan' } });
    const [made] = await audit('smartProduct', String(created.id));
    expect(made).toMatchObject({ action: 'smartProducts.create', after: { names: { en: 'Audited plan' } } });
    const u = await t.investor('1000');
    const plan = (await t.buy(u.token, { productId: created.id, days: 7, amount: '100' })).result;
    const edited = await t.call('POST', `/swx/admin/smart-products/${created.id}`, {
      token: t.owner,
      body: body({ names: { en: 'Audited plan' }, terms: [{ days: 7, dailyYield: '0.05' }], exitPenalty: '0.5' }),
    });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
    const [update] = await audit('smartProduct', String(created.id));
    expect(update).toMatchObject({
      action: 'smartProducts.update',
      before: { terms: [{ days: 7, dailyYield: '0.006' }, { days: 30 }], exitPenalty: '0.05', earning: 1 },
      after: { terms: [{ days: 7, dailyYield: '0.05' }], exitPenalty: '0.5', earning: 1, reserved: '4.200000' },
    });
    const [mine] = (await t.mine(u.token)).list;
    expect(mine).toMatchObject({ id: plan.id, dailyYield: '0.006', dailyIncome: '0.600000', exitCost: '5.000000' });
  });

  it('the treasury’s figures, and funding it from the platform treasury (audited)', async () => {
    const figures = async () =>
      (await t.call<AdminTreasuryResult>('GET', '/swx/admin/earn-treasury', { token: t.owner })).body.result.list.find(
        (x) => x.currency === 'USDT',
      )!;
    const before = await figures();
    const u = await t.investor('3000');
    const gold = (await t.products()).list.find((p) => p.name === 'Gold plan')!.id;
    await t.buy(u.token, { productId: gold, days: 30, amount: '2000' });
    const bought = await figures();
    expect(bought.earningPlans).toBe(before.earningPlans + 1);
    expect(units(bought.principalHeld)).toBe(units(before.principalHeld) + units('2000'));
    expect(units(bought.reserved)).toBe(units(before.reserved) + units('480'));
    expect(units(bought.available)).toBe(units(before.available) - units('480'));
    // A day later, after the job: 16 more paid today.
    await t.jump(DAY_MS, [u]);
    await t.services.earn.payAll();
    const paid = await figures();
    const midnight = new Date(t.clock.now()).setUTCHours(0, 0, 0, 0);
    const plan = (await t.mine(u.token)).list[0]!;
    expect(plan.paidDays).toBe(1);
    // Day 1 is paid at the same time of day as the purchase, so after today's 00:00 UTC.
    expect(plan.startedAt + DAY_MS).toBeGreaterThanOrEqual(midnight);
    expect(units(paid.paidToday)).toBeGreaterThanOrEqual(units(before.paidToday) + units('16'));

    const bad = await t.call('POST', '/swx/admin/earn-treasury/fund', {
      token: t.owner,
      body: { currency: 'USDT', amount: '1.0000001', memo: 'too fine' },
    });
    expect(bad.body).toMatchObject({ code: 40001, field: 'amount' });
    const unknown = await t.call('POST', '/swx/admin/earn-treasury/fund', {
      token: t.owner,
      body: { currency: 'NOPE', amount: '1', memo: 'no such currency' },
    });
    expect(unknown.body).toMatchObject({ code: 40001, field: 'currency' });
    const fund = await t.call<AdminTreasuryResult>('POST', '/swx/admin/earn-treasury/fund', {
      token: t.owner,
      body: { currency: 'USDT', amount: '2500.5', memo: 'top up for the new plans' },
    });
    expect(fund.body.code, JSON.stringify(fund.body)).toBe(200);
    const after = fund.body.result.list.find((x) => x.currency === 'USDT')!;
    expect(units(after.available)).toBe(units(paid.available) + units('2500.5'));
    const [entry] = await audit('earnTreasury', 'USDT');
    expect(entry).toMatchObject({
      action: 'earnTreasury.fund',
      before: { available: paid.available },
      after: { available: after.available, amount: '2500.500000', memo: 'top up for the new plans' },
    });
  });
});
