import { describe, expect, it } from 'vitest';
import { amountProblem, capPriceOf } from './option-math';

describe('option math', () => {
  it('computes the cap price exactly', () => {
    expect(capPriceOf('95000.50', '0.05', 'call')).toBe('99750.5250');
    expect(capPriceOf('95000.50', '0.05', 'put')).toBe('90250.4750');
    expect(capPriceOf('1.23456', '0.1', 'put')).toBe('1.111104');
    expect(capPriceOf('100', '0', 'call')).toBe('100');
  });

  it('names what is wrong with a premium', () => {
    const series = { minAmount: '10', maxAmount: '1000', scale: 6 };
    expect(amountProblem('10', series)).toBeNull();
    expect(amountProblem('1000.000000', series)).toBeNull();
    expect(amountProblem('9.999999', series)).toBe('amountRange');
    expect(amountProblem('1000.000001', series)).toBe('amountRange');
    expect(amountProblem('10.0000001', series)).toBe('amountScale');
    expect(amountProblem('abc', series)).toBe('amount');
    expect(amountProblem('-20', series)).toBe('amount');
    expect(amountProblem('', series)).toBe('amount');
    expect(amountProblem('012', series)).toBe('amount');
  });
});
