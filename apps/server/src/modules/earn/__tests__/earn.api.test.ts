/**
 * Smart plans through the API: the product list, a purchase's money (principal held, whole yield
 * reserved), every refusal with nothing half-written, the list's figures, early exit's figures.
 * The ledger balances after each test.
 */
import { DAY_MS, planTerms } from '@openbourse/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createEarnTestApp, type EarnTestApp, fmt, units } from './helpers.ts';

describe.each(DRIVERS)('smart plans on %s', (driver) => {
  let t: EarnTestApp;
  let gold: number;
  beforeAll(async () => {
    t = await createEarnTestApp(driver);
    gold = (await t.product()).id;
  });
  afterEach(async () => t.expectBalanced());
  afterAll(async () => t?.close());

  it('lists the seeded products in the request’s language, smart trading on, and the funded treasury', async () => {
    const en = await t.products();
    expect(en.enabled).toBe(true);
    const seeded = en.list.find((p) => p.name === 'Gold plan');
    expect(seeded).toMatchObject({
      currency: 'USDT',
      scale: 6,
      minAmount: '100',
      maxAmount: '50000',
      terms: [
        { days: 7, dailyYield: '0.006' },
        { days: 30, dailyYield: '0.008' },
      ],
      maxPlans: 3,
      onePerUser: false,
      exitPenalty: '0.05',
      enabled: true,
    });
    expect(seeded?.description).toContain('does not trade');
    expect(en.list.find((p) => p.name === 'Starter plan')).toMatchObject({ onePerUser: true });
    const ja = await t.products('ja');
    expect(ja.list.map((p) => p.name)).toContain('ゴールドプラン');
    // A language the operator did not write falls back to English.
    expect((await t.products('ko')).list.find((p) => p.id === gold)?.name).toBe('Test plan');
    const usdt = en.treasury.find((x) => x.currency === 'USDT');
    expect(units(usdt!.available) + units(usdt!.reserved)).toBeGreaterThanOrEqual(units('1000000'));
    // Seeding again funds nothing more (the key is the seed's).
    const before = await t.treasury();
    await t.services.earn.seedTreasury(t.database.db, 'USDT', '1000000');
    expect(await t.treasury()).toEqual(before);
  });

  it('buying holds the principal and reserves the whole yield from the treasury (20004)', async () => {
    const u = await t.user({ real: '1500' });
    const before = await t.treasury();
    const res = await t.buy(u.token, { productId: gold, days: 30, amount: '1000' });
    expect(res).toMatchObject({ code: 200, msgCode: 20004 });
    const plan = res.result;
    const terms = planTerms({
      principal: '1000',
      scale: 6,
      dailyYield: '0.008',
      days: 30,
      exitPenalty: '0.05',
      startedAt: plan.startedAt,
    });
    expect(plan).toMatchObject({
      productId: gold,
      productName: 'Test plan',
      currency: 'USDT',
      amount: '1000.000000',
      days: 30,
      dailyYield: '0.008',
      dailyIncome: '8.000000',
      totalIncome: '240.000000',
      exitPenalty: '0.05',
      status: 'earning',
      paidDays: 0,
      income: '0.000000',
      expectedToday: '8.000000',
      nextEarningAt: plan.startedAt + DAY_MS,
      maturesAt: plan.startedAt + 30 * DAY_MS,
      endedAt: null,
      exitCost: '50.000000',
      exitReturn: '950.000000',
    });
    expect(plan.totalIncome).toBe(terms.totalIncome);
    expect(plan.startedAt).toBe(t.clock.now().getTime());
    expect(await t.balance(u.id, 'real')).toEqual({ available: '500.000000', locked: '1000.000000' });
    const after = await t.treasury();
    expect(units(after.available)).toBe(units(before.available) - units('240'));
    expect(units(after.reserved)).toBe(units(before.reserved) + units('240'));
    // The demo header changes nothing: plans are the real account's.
    const listed = await t.call<{ list: { id: number }[] }>('GET', '/swx/customer/order/listSmartOrder', {
      token: u.token,
      headers: { virtually: 'YES' },
    });
    expect(listed.body.result.list.map((p) => p.id)).toEqual([plan.id]);
  });

  it('refuses with every code, writing nothing', async () => {
    const u = await t.user({ real: '1000' });
    const refuse = async (body: Record<string, unknown>, code: number, headers?: Record<string, string>) => {
      const res = await t.buy(u.token, body, headers);
      expect(res.code, JSON.stringify(res)).toBe(code);
      expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
      expect(await t.planCount(u.id)).toBe(0);
      return res;
    };
    const ok = { productId: gold, days: 7, amount: '100' };
    await refuse(ok, 40010, { virtually: 'YES' });
    expect((await t.call('POST', '/swx/customer/order/buySmart', { body: ok })).status).toBe(401);
    await refuse({ ...ok, productId: 987654 }, 10010);
    expect((await refuse({ ...ok, productId: 'x' }, 10010)).field).toBe('productId');
    expect((await refuse({ ...ok, days: 8 }, 10012)).field).toBe('days');
    for (const amount of ['99.999999', '50000.000001', '100.0000001', '1e3', '-100', '', 'abc', '0']) {
      await refuse({ ...ok, amount }, 10013);
    }
    await refuse({ ...ok, amount: '1000.01' }, 10011);

    // Smart trading switched off: shown as off, nothing sold; a disabled product likewise.
    await t.services.params.set(t.database.db, 'smart_enabled', 'false');
    try {
      expect((await t.products()).enabled).toBe(false);
      expect((await t.products()).list.every((p) => !p.enabled)).toBe(true);
      await refuse(ok, 40058);
    } finally {
      await t.services.params.set(t.database.db, 'smart_enabled', 'true');
    }
    const off = await t.product({ enabled: false });
    expect((await t.products()).list.find((p) => p.id === off.id)?.enabled).toBe(false);
    await refuse({ ...ok, productId: off.id }, 40058);

    // A treasury that cannot reserve the whole yield: nothing is held.
    const eth = await t.product({
      currency: 'ETH',
      minAmount: '1',
      maxAmount: '100',
      terms: [{ days: 10, dailyYield: '0.01' }],
    });
    await t.services.ledger.transfer(t.database.db, {
      key: `test-eth:${u.id}`,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId: u.id, mode: 'real' },
      currency: 'ETH',
      amount: '5',
      code: 'deposit',
    });
    const ethBefore = await t.treasury('ETH');
    expect((await t.buy(u.token, { productId: eth.id, days: 10, amount: '1' })).code).toBe(40059);
    expect((await t.services.ledger.balance(t.database.db, u.id, 'real', 'ETH')).locked).toMatch(/^0\.0+$/);
    expect(await t.treasury('ETH')).toEqual(ethBefore);
    expect(await t.planCount(u.id)).toBe(0);
  });

  it('one at a time (10024) and at most maxPlans earning (80001)', async () => {
    const u = await t.user({ real: '10000' });
    const single = await t.product({ onePerUser: true, maxPlans: 2 });
    expect((await t.buy(u.token, { productId: single.id, days: 7, amount: '100' })).code).toBe(200);
    expect((await t.buy(u.token, { productId: single.id, days: 30, amount: '100' })).code).toBe(10024);
    const three = await t.product({ maxPlans: 3 });
    for (let i = 0; i < 3; i++)
      expect((await t.buy(u.token, { productId: three.id, days: 7, amount: '100' })).code).toBe(200);
    expect((await t.buy(u.token, { productId: three.id, days: 7, amount: '100' })).code).toBe(80001);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '9600.000000', locked: '400.000000' });
    // An exited plan no longer counts.
    const [first] = (await t.mine(u.token, { status: 'earning' })).list.filter((p) => p.productId === three.id);
    expect((await t.exit(u.token, first!.id)).code).toBe(200);
    expect((await t.buy(u.token, { productId: three.id, days: 7, amount: '100' })).code).toBe(200);
  });

  it('early exit: the ended days paid first, the penalty kept, the rest and the unpaid yields returned', async () => {
    const u = await t.investor('2000');
    const other = await t.investor('100');
    const treasury0 = await t.treasury();
    const plan = (await t.buy(u.token, { productId: gold, days: 30, amount: '1234.56' })).result;
    // 1234.56 × 0.008 = 9.87648 a day; the penalty 1234.56 × 0.05 = 61.728.
    expect(plan).toMatchObject({ dailyIncome: '9.876480', totalIncome: '296.294400', exitCost: '61.728000' });
    await t.jump(2 * DAY_MS + 5_000, [u, other]);
    expect((await t.exit(other.token, plan.id)).code).toBe(80005);
    expect((await t.exit(u.token, 123)).code).toBe(80005);
    const exited = await t.exit(u.token, plan.id);
    expect(exited.code).toBe(200);
    expect(exited.result).toMatchObject({
      status: 'exited',
      paidDays: 2,
      income: '19.752960',
      expectedToday: '0.000000',
      nextEarningAt: null,
      endedAt: t.clock.now().getTime(),
      exitCost: '61.728000',
      exitReturn: '1172.832000',
    });
    // 2000 − 1234.56 + two days' yield + 1172.832.
    expect(await t.balance(u.id, 'real')).toEqual({
      available: fmt(units('2000') - units('1234.56') + units('19.75296') + units('1172.832')),
      locked: '0.000000',
    });
    // The treasury: the whole yield reserved at purchase, the unpaid 28 days released back, the
    // penalty taken in; two days' yields paid out of the reserve (other plans' payouts may run meanwhile).
    const id = await t.internalPlanId(plan.id);
    const one = async (suffix: string) => {
      const [e] = await t.entries(id, suffix);
      return { code: e?.code, amount: fmt(units(e?.amount ?? '0', 18) / 10n ** 12n) };
    };
    expect(await one('reserve')).toEqual({ code: 'earn_reserve', amount: '296.294400' });
    expect(await one('release')).toEqual({ code: 'earn_release', amount: '276.541440' });
    expect(await one('penalty')).toEqual({ code: 'earn_penalty', amount: '61.728000' });
    expect(await one('exit')).toEqual({ code: 'earn_redeem', amount: '1172.832000' });
    expect((await t.entries(id, 'day:%')).map((e) => e.key).sort()).toEqual([`earn:${id}:day:1`, `earn:${id}:day:2`]);
    expect(treasury0.available).toBeDefined();
    // Only while earning.
    expect((await t.exit(u.token, plan.id)).code).toBe(40060);
    expect((await t.mine(u.token, { status: 'exited' })).list.map((p) => p.id)).toEqual([plan.id]);
  });

  it('an exit asked after maturity settles the plan as shared and answers 40060', async () => {
    const u = await t.investor('100');
    const plan = (await t.buy(u.token, { productId: gold, days: 7, amount: '100' })).result;
    await t.jump(7 * DAY_MS, [u]);
    expect((await t.exit(u.token, plan.id)).code).toBe(40060);
    const [after] = (await t.mine(u.token)).list;
    expect(after).toMatchObject({
      status: 'shared',
      paidDays: 7,
      income: '4.200000',
      exitCost: '0.000000',
      exitReturn: '100.000000',
    });
    expect(await t.balance(u.id, 'real')).toEqual({ available: '104.200000', locked: '0.000000' });
  });

  it('lists the user’s plans newest first, paged and by state', async () => {
    const u = await t.user({ real: '1000' });
    const a = (await t.buy(u.token, { productId: gold, days: 7, amount: '100' })).result;
    const b = (await t.buy(u.token, { productId: gold, days: 30, amount: '200' })).result;
    const page = await t.mine(u.token, { page: '1', size: '1' });
    expect(page.total).toBe(2);
    expect(page.list.map((p) => p.id)).toEqual([b.id]);
    expect((await t.mine(u.token, { page: '2', size: '1' })).list.map((p) => p.id)).toEqual([a.id]);
    expect((await t.mine(u.token, { status: 'shared' })).total).toBe(0);
    const bad = await t.call('GET', '/swx/customer/order/listSmartOrder', { token: u.token, query: { status: 'x' } });
    expect(bad.body.code).toBe(40001);
    expect((await t.call('GET', '/swx/customer/order/listSmartOrder')).status).toBe(401);
  });
});
