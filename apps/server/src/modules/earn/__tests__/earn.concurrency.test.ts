/**
 * Races: 100 purchases at once against one balance (exactly floor(balance / amount) taken, the rest
 * 10011), and purchases by many users against a small treasury (never reserved beyond what it
 * holds: exactly as many plans as its balance covers, the rest 40059). The ledger balances after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createEarnTestApp, type EarnTestApp, units } from './helpers.ts';

describe.each(DRIVERS)('smart plan races on %s', (driver) => {
  let t: EarnTestApp;
  beforeAll(async () => {
    t = await createEarnTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('100 purchases at once against one balance: floor(balance / amount) taken, the others 10011', async () => {
    const product = await t.product({ maxPlans: 100, minAmount: '100' });
    const u = await t.investor('1050');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.buy(u.token, { productId: product.id, days: 7, amount: '100' })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 10011)).toHaveLength(90);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '50.000000', locked: '1000.000000' });
    expect(await t.planCount(u.id)).toBe(10);
    await t.expectBalanced();
  });

  it('many users against a small treasury: exactly the plans it covers, never over-reserved', async () => {
    // ETH: 1 ETH for 5 days at 1 % a day is 0.05 of yield; a treasury of 0.35 covers seven.
    const product = await t.product({
      currency: 'ETH',
      minAmount: '1',
      maxAmount: '10',
      terms: [{ days: 5, dailyYield: '0.01' }],
    });
    const fund = await t.call('POST', '/swx/admin/earn-treasury/fund', {
      token: t.owner,
      body: { currency: 'ETH', amount: '0.35', memo: 'race test' },
    });
    expect(fund.body.code, JSON.stringify(fund.body)).toBe(200);
    const users = await Promise.all(Array.from({ length: 20 }, () => t.investor()));
    for (const u of users) {
      await t.services.ledger.transfer(t.database.db, {
        key: `test-eth:${u.id}`,
        debit: { platform: 'treasury', mode: 'real' },
        credit: { userId: u.id, mode: 'real' },
        currency: 'ETH',
        amount: '1',
        code: 'deposit',
      });
    }
    const answers = await Promise.all(
      users.map((u) => t.buy(u.token, { productId: product.id, days: 5, amount: '1' })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 40059)).toHaveLength(13);
    const treasury = await t.treasury('ETH');
    expect(units(treasury.available, 18)).toBe(0n);
    expect(units(treasury.reserved, 18)).toBe(units('0.35', 18));
    // Those refused hold nothing.
    for (const [i, u] of users.entries()) {
      const b = await t.services.ledger.balance(t.database.db, u.id, 'real', 'ETH');
      expect(units(b.locked, 18)).toBe(codes[i] === 200 ? units('1', 18) : 0n);
    }
    await t.expectBalanced();
  });
});
