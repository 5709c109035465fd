import { describe, expect, it } from 'vitest';
import { DAY_MS, dailyInterestUnits, daysElapsed, interestDaysAfter, interestUnitsAfter, loanTerms } from './loan.ts';

const DRAWN = Date.UTC(2026, 0, 10, 9, 30);

describe('loanTerms by table', () => {
  it.each([
    // principal, scale, rate, term, free → daily, interest days, total interest, total repayment
    ['1000', 6, '0.0005', 30, 3, '0.500000', 27, '13.500000', '1013.500000'],
    ['1000', 6, '0.0005', 30, 0, '0.500000', 30, '15.000000', '1015.000000'],
    ['1000', 6, '0.0005', 30, 1, '0.500000', 29, '14.500000', '1014.500000'],
    // Free days covering the whole term (or more): no interest at maturity.
    ['1000', 6, '0.0005', 30, 30, '0.500000', 0, '0.000000', '1000.000000'],
    ['1000', 6, '0.0005', 7, 10, '0.500000', 0, '0.000000', '1000.000000'],
    ['5000', 6, '0.0005', 7, 3, '2.500000', 4, '10.000000', '5010.000000'],
    // A rate of zero.
    ['100', 2, '0', 14, 0, '0.00', 14, '0.00', '100.00'],
    // Rounded half up once a day: 123.45 × 0.0005 = 0.061725 → 0.06 (2 decimals); ×0.00125 = 0.1543125 → 0.15
    ['123.45', 2, '0.0005', 10, 0, '0.06', 10, '0.60', '124.05'],
    ['123.45', 2, '0.00125', 4, 2, '0.15', 2, '0.30', '123.75'],
    // Exactly half a unit: 10 × 0.00005 = 0.0005 → 0.001 at 3 decimals; at 2 it is a twentieth of a unit → 0.00.
    ['10', 3, '0.00005', 1, 0, '0.001', 1, '0.001', '10.001'],
    ['10', 2, '0.00005', 1, 0, '0.00', 1, '0.00', '10.00'],
    // 0.00015 × 10 = 0.0015 → 0.002 at 3 decimals (half up, not half even).
    ['10', 3, '0.00015', 2, 0, '0.002', 2, '0.004', '10.004'],
    // Large principal, 8 decimals (BTC).
    ['12345678.12345678', 8, '0.00012345', 3, 1, '1524.07396434', 2, '3048.14792868', '12348726.27138546'],
  ])(
    '%s at %s dp, %s/day, %s days, %s free → %s/day, %s days, %s',
    (principal, scale, rate, term, free, daily, days, interest, total) => {
      const t = loanTerms({ principal, scale, dailyRate: rate, termDays: term, freeDays: free, drawnAt: DRAWN });
      expect(t).toMatchObject({
        dailyInterest: daily,
        interestDays: days,
        totalInterest: interest,
        totalRepayment: total,
        repaymentAmount: t.principal,
        repaymentDate: DRAWN + term * DAY_MS,
      });
    },
  );

  it('is due termDays × 24 h after drawing, across a leap day', () => {
    const drawn = Date.UTC(2028, 1, 28, 10, 0);
    const t = loanTerms({ principal: '100', scale: 6, dailyRate: '0.0005', termDays: 2, freeDays: 0, drawnAt: drawn });
    expect(new Date(t.repaymentDate).toISOString()).toBe('2028-03-01T10:00:00.000Z');
    // Not a leap year: 2027-02-28 + 2 days is 2 March.
    const t2 = loanTerms({
      principal: '100',
      scale: 6,
      dailyRate: '0.0005',
      termDays: 2,
      freeDays: 0,
      drawnAt: Date.UTC(2027, 1, 28, 10),
    });
    expect(new Date(t2.repaymentDate).toISOString()).toBe('2027-03-02T10:00:00.000Z');
    // A year over 29 February 2028: 366 days.
    const y = loanTerms({
      principal: '100',
      scale: 6,
      dailyRate: '0.0005',
      termDays: 366,
      freeDays: 0,
      drawnAt: Date.UTC(2028, 0, 1),
    });
    expect(new Date(y.repaymentDate).toISOString()).toBe('2029-01-01T00:00:00.000Z');
  });

  it('refuses a term that is not a positive integer and negative free days', () => {
    const base = { principal: '1', scale: 2, dailyRate: '0.001', drawnAt: DRAWN };
    expect(() => loanTerms({ ...base, termDays: 0, freeDays: 0 })).toThrow(RangeError);
    expect(() => loanTerms({ ...base, termDays: 1.5, freeDays: 0 })).toThrow(RangeError);
    expect(() => loanTerms({ ...base, termDays: 3, freeDays: -1 })).toThrow(RangeError);
  });
});

describe('days and interest so far', () => {
  it('counts whole days ended since drawing', () => {
    expect(daysElapsed(DRAWN, DRAWN - 1)).toBe(0);
    expect(daysElapsed(DRAWN, DRAWN)).toBe(0);
    expect(daysElapsed(DRAWN, DRAWN + DAY_MS - 1)).toBe(0);
    expect(daysElapsed(DRAWN, DRAWN + DAY_MS)).toBe(1);
    expect(daysElapsed(DRAWN, DRAWN + 400 * DAY_MS + 5)).toBe(400);
  });

  it('a loan repaid on its first day owes no interest, even with no free days', () => {
    const principal = 1_000_000_000n; // 1000.000000
    const days = daysElapsed(DRAWN, DRAWN + 23 * 3_600_000);
    expect(days).toBe(0);
    expect(interestUnitsAfter(principal, '0.0005', 0, days)).toBe(0n);
  });

  it.each([
    // days ended, free days → interest days
    [0, 3, 0],
    [3, 3, 0],
    [4, 3, 1],
    [400, 3, 397],
    [10, 0, 10],
    [10, 1, 9],
  ])('%s days with %s free → %s interest days', (days, free, expected) => {
    expect(interestDaysAfter(days, free)).toBe(expected);
    expect(interestUnitsAfter(1_000_000_000n, '0.0005', free, days)).toBe(500_000n * BigInt(expected));
  });

  it('rounds the daily amount half up, once', () => {
    expect(dailyInterestUnits(5n, '0.1')).toBe(1n); // 0.5 → 1
    expect(dailyInterestUnits(4n, '0.1')).toBe(0n); // 0.4 → 0
    expect(dailyInterestUnits(15n, '0.1')).toBe(2n); // 1.5 → 2
    expect(dailyInterestUnits(25n, '0.1')).toBe(3n); // 2.5 → 3 (not to even)
    expect(dailyInterestUnits(0n, '0.5')).toBe(0n);
    // Rounded per day, not over the term: 3 days of 0.061725 are 3 × 0.06, not 0.185175 → 0.19.
    expect(interestUnitsAfter(12345n, '0.0005', 0, 3)).toBe(18n);
  });
});
