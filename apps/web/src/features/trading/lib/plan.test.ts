import { describe, expect, it } from 'vitest';
import { amountProblem, quote, timeLeft, treasuryShort } from './plan';

const product = {
  id: 1,
  name: 'Gold plan',
  description: '',
  currency: 'USDT',
  scale: 6,
  minAmount: '100',
  maxAmount: '10000',
  terms: [{ days: 7, dailyYield: '0.008' }],
  maxPlans: 3,
  onePerUser: false,
  exitPenalty: '0.05',
  enabled: true,
};

describe('plan calculator helpers', () => {
  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['abc', 'format'],
    ['1e3', 'format'],
    ['-100', 'format'],
    ['100.1234567', 'format'],
    ['99.999999', 'range'],
    ['10000.000001', 'range'],
    ['100', undefined],
    ['10000', undefined],
    [' 250.5 ', undefined],
  ])('amount %j → %s', (amount, problem) => {
    expect(amountProblem(amount, product)).toBe(problem);
  });

  it('quotes only a term the product offers and an amount it takes', () => {
    expect(quote(product, '1000', 30, 0)).toBeNull();
    expect(quote(product, '50', 7, 0)).toBeNull();
    expect(quote(product, '1000', 7, 0)).toMatchObject({
      dailyIncome: '8.000000',
      totalIncome: '56.000000',
      exitCost: '50.000000',
      exitReturn: '950.000000',
      maturesAt: 7 * 86_400_000,
    });
  });

  it('compares the whole yield with what the treasury has free in the currency, exactly', () => {
    const treasury = [{ currency: 'USDT', available: '56', reserved: '0' }];
    expect(treasuryShort(treasury, 'USDT', '56.000000')).toBe(false);
    expect(treasuryShort(treasury, 'USDT', '56.000001')).toBe(true);
    expect(treasuryShort(treasury, 'BTC', '0.1')).toBe(true);
  });

  it('splits the time left into days and a clock, and says nothing once it has come', () => {
    expect(timeLeft(1000, 1000)).toBeNull();
    expect(timeLeft(1000, 2000)).toBeNull();
    expect(timeLeft(3_723_000, 0)).toEqual({ days: 0, clock: '01:02:03' });
    expect(timeLeft(86_400_000 + 59_500, 0)).toEqual({ days: 1, clock: '00:01:00' });
  });
});
