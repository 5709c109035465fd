import { describe, expect, it } from 'vitest';
import { DAY_MS } from './loan.ts';
import { planDaysEnded, planPayoutAt, planTerms, shareUnits } from './earn.ts';

const T0 = Date.UTC(2026, 0, 1, 9, 30);

describe('planTerms', () => {
  it.each([
    // principal, scale, dailyYield, days, exitPenalty → dailyIncome, totalIncome, exitCost, exitReturn
    ['1000.00', 2, '0.008', 7, '0.05', '8.00', '56.00', '50.00', '950.00'],
    ['1000', 0, '0.0123', 30, '0.1', '12', '360', '100', '900'],
    ['333.33', 2, '0.0075', 15, '0.03', '2.49', '37.35', '9.99', '323.34'],
    ['0.01', 2, '0.5', 1, '0.5', '0.00', '0.00', '0.00', '0.01'],
    ['150.123456', 6, '0.00012345', 90, '0', '0.018532', '1.667880', '0.000000', '150.123456'],
    ['999999999.99', 2, '0.01', 365, '0.2', '9999999.99', '3649999996.35', '199999999.99', '800000000.00'],
  ])('%s at %s a day for %s days', (principal, scaleS, dailyYield, daysS, exitPenalty, daily, total, cost, ret) => {
    const scale = Number(scaleS);
    const days = Number(daysS);
    const t = planTerms({ principal, scale, dailyYield, days, exitPenalty, startedAt: T0 });
    expect([t.dailyIncome, t.totalIncome, t.exitCost, t.exitReturn]).toEqual([daily, total, cost, ret]);
    expect(t.maturesAt).toBe(T0 + days * DAY_MS);
  });

  it('rounds each day down, never up (the plan never pays more than its share)', () => {
    expect(shareUnits(999n, '0.001')).toBe(0n);
    expect(shareUnits(1999n, '0.001')).toBe(1n);
  });

  it('refuses a term that is not a positive whole number of days', () => {
    expect(() =>
      planTerms({ principal: '1', scale: 2, dailyYield: '0.01', days: 0, exitPenalty: '0', startedAt: T0 }),
    ).toThrow(RangeError);
  });
});

describe('planDaysEnded', () => {
  it.each([
    [T0 - 1, 0],
    [T0, 0],
    [T0 + DAY_MS - 1, 0],
    [T0 + DAY_MS, 1],
    [T0 + 2 * DAY_MS + 5, 2],
    [T0 + 40 * DAY_MS, 7],
  ])('at %s → %s', (at, want) => {
    expect(planDaysEnded(T0, 7, at)).toBe(want);
  });
  it('pays day k at the start plus k days', () => {
    expect(planPayoutAt(T0, 3)).toBe(T0 + 3 * DAY_MS);
  });
});
