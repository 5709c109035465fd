import { describe, expect, it } from 'vitest';
import { toUnits } from '@/shared/lib/decimal';
import { feeUnits, fromUnits, limitLeft, maxWithdrawal } from './withdraw-max';

const terms = (available: string, feeRate: string, dailyLimit = '1000000', usedToday = '0') => ({
  available,
  feeRate,
  dailyLimit,
  usedToday,
});

describe('the most a user can withdraw', () => {
  it('leaves room for the fee, rounded up as the server rounds it', () => {
    // 100 at 0.5 %: 99.502487 + 0.497513 (rounded up) = 100 exactly.
    const max = maxWithdrawal(terms('100', '0.005'), 6);
    expect(max).toBe('99.502487');
    const units = toUnits(max, 6);
    expect(units + feeUnits(units, '0.005')).toBeLessThanOrEqual(toUnits('100', 6));
    // One unit more would not be covered.
    expect(units + 1n + feeUnits(units + 1n, '0.005')).toBeGreaterThan(toUnits('100', 6));
  });

  it('is exact for every small balance and several rates (no floats)', () => {
    for (const rate of ['0', '0.001', '0.005', '0.0123', '0.3333']) {
      for (let a = 0n; a < 3000n; a += 7n) {
        const max = toUnits(maxWithdrawal(terms(fromUnits(a, 6), rate), 6), 6);
        expect(max + feeUnits(max, rate)).toBeLessThanOrEqual(a);
        expect(max + 1n + feeUnits(max + 1n, rate)).toBeGreaterThan(a);
      }
    }
  });

  it("stops at what is left of today's limit, and at zero", () => {
    expect(maxWithdrawal(terms('5000', '0.01', '2000', '1500'), 6)).toBe('500');
    expect(maxWithdrawal(terms('5000', '0.01', '2000', '2500'), 6)).toBe('0');
    expect(maxWithdrawal(terms('0', '0.01'), 8)).toBe('0');
    expect(limitLeft({ dailyLimit: '2000', usedToday: '2500' }, 6)).toBe('0');
    expect(limitLeft({ dailyLimit: '0.5', usedToday: '0.12345678' }, 8)).toBe('0.37654322');
  });

  it('writes units back as decimal strings', () => {
    expect(fromUnits(1500000n, 6)).toBe('1.5');
    expect(fromUnits(5n, 8)).toBe('0.00000005');
    expect(fromUnits(0n, 6)).toBe('0');
    expect(fromUnits(120000000n, 6)).toBe('120');
  });
});
