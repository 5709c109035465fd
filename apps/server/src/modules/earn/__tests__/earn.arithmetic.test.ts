/**
 * The payout and penalty arithmetic by table, through the service and the ledger: for each row a
 * plan is bought, run to maturity (or exited after some days) by the job, and every amount that
 * moved is checked against the rule computed here independently in integers: dailyIncome =
 * ⌊principal × dailyYield⌋ at the currency's scale, exitCost = ⌊principal × exitPenalty⌋.
 */
import { DAY_MS } from '@openbourse/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createEarnTestApp, type EarnTestApp, fmt, units } from './helpers.ts';

/** ⌊principal × share⌋ in USDT minor units (6 decimals); the share has at most 8 decimals. */
const floorShare = (principal: string, share: string) => (units(principal) * units(share, 8)) / 10n ** 8n;

const ROWS = [
  // principal, days, daily yield, exit penalty, exit after (days; null: held to maturity); the 50 at
  // 0.00000001 earns 0 a day (no yield entry, nothing reserved), the 0.99999999 penalty keeps all but 0.00001
  { principal: '100', days: 7, dailyYield: '0.006', exitPenalty: '0.05', exitAfter: null },
  { principal: '100.000001', days: 7, dailyYield: '0.006', exitPenalty: '0.05', exitAfter: null },
  { principal: '333.33', days: 3, dailyYield: '0.0075', exitPenalty: '0.03', exitAfter: null },
  { principal: '49999.999999', days: 30, dailyYield: '0.008', exitPenalty: '0.05', exitAfter: 11 },
  { principal: '123.456789', days: 10, dailyYield: '0.00123457', exitPenalty: '0.07777777', exitAfter: 0 },
  { principal: '50', days: 5, dailyYield: '0.00000001', exitPenalty: '0', exitAfter: 2 },
  { principal: '1000', days: 1, dailyYield: '0.9', exitPenalty: '0.99999999', exitAfter: null },
] as const;

describe.each(DRIVERS)('smart plan arithmetic on %s', (driver) => {
  let t: EarnTestApp;
  beforeAll(async () => {
    t = await createEarnTestApp(driver);
  });
  afterEach(async () => t.expectBalanced());
  afterAll(async () => t?.close());

  it.each(ROWS)(
    '$principal for $days days at $dailyYield, penalty $exitPenalty, exit after $exitAfter',
    async (row) => {
      const product = await t.product({
        minAmount: '1',
        maxAmount: '50000',
        terms: [{ days: row.days, dailyYield: row.dailyYield }],
        exitPenalty: row.exitPenalty,
        maxPlans: 5,
      });
      const u = await t.investor('50000');
      const res = await t.buy(u.token, { productId: product.id, days: row.days, amount: row.principal });
      expect(res.code, JSON.stringify(res)).toBe(200);
      const daily = floorShare(row.principal, row.dailyYield);
      const cost = floorShare(row.principal, row.exitPenalty);
      expect(res.result).toMatchObject({
        amount: fmt(units(row.principal)),
        dailyIncome: fmt(daily),
        totalIncome: fmt(daily * BigInt(row.days)),
        exitCost: fmt(cost),
        exitReturn: fmt(units(row.principal) - cost),
      });
      const id = await t.internalPlanId(res.result.id);
      const paidDays = row.exitAfter ?? row.days;
      await t.jump(paidDays * DAY_MS + 1, [u]);
      if (row.exitAfter === null) {
        await t.services.earn.payAll();
      } else {
        const exited = await t.exit(u.token, res.result.id);
        expect(exited.code, JSON.stringify(exited)).toBe(200);
        expect(exited.result).toMatchObject({ status: 'exited', exitCost: fmt(cost), paidDays });
      }
      const [plan] = (await t.mine(u.token)).list;
      expect(plan).toMatchObject({
        status: row.exitAfter === null ? 'shared' : 'exited',
        paidDays,
        income: fmt(daily * BigInt(paidDays)),
        exitReturn: fmt(units(row.principal) - (row.exitAfter === null ? 0n : cost)),
      });
      // The ledger: one yield per day (none when a day's yield rounds to 0), the user's money exact.
      expect(await t.entries(id, 'day:%')).toHaveLength(daily > 0n ? paidDays : 0);
      const kept = row.exitAfter === null ? 0n : cost;
      expect(await t.balance(u.id, 'real')).toEqual({
        available: fmt(units('50000') + daily * BigInt(paidDays) - kept),
        locked: '0.000000',
      });
    },
  );
});
