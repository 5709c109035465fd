import { describe, expect, it } from 'vitest';
import { compareDecimal, isMultipleOf, signOf, trimDecimal } from './decimal';

describe('decimal strings', () => {
  it('compares exactly', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('0.09', '0.1')).toBe(-1);
    expect(compareDecimal('100', '99.999')).toBe(1);
    expect(compareDecimal('-1.5', '-1.4')).toBe(-1);
  });
  it('checks the lot grid', () => {
    expect(isMultipleOf('0.03', '0.01')).toBe(true);
    expect(isMultipleOf('0.015', '0.01')).toBe(false);
    expect(isMultipleOf('2', '0.5')).toBe(true);
  });
  it('trims and signs', () => {
    expect(trimDecimal('1.500')).toBe('1.5');
    expect(trimDecimal('2.00')).toBe('2');
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('3')).toBe(1);
  });
});
