import { describe, expect, it } from 'vitest';
import { addDecimals, formatAgo, formatDecimal, formatPercent, formatTime } from './format';

describe('console formats', () => {
  it('groups decimals exactly from the string', () => {
    expect(formatDecimal('1234567.8900')).toBe('1,234,567.89');
    expect(formatDecimal('-0.00012345')).toBe('-0.00012345');
    expect(formatDecimal('12345678901234567890.123456789012')).toBe('12,345,678,901,234,567,890.123456789012');
    expect(formatDecimal('5', 0)).toBe('5');
    expect(formatDecimal(null)).toBe('—');
  });

  it('adds decimals exactly, whatever their scales', () => {
    expect(addDecimals('1250.5', '6.2525')).toBe('1256.7525');
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('99999999999999999999.99999999', '0.00000001')).toBe('100000000000000000000');
    expect(addDecimals('5', '0')).toBe('5');
    expect(addDecimals('-1.5', '0.25')).toBe('-1.25');
    expect(addDecimals('abc', '1')).toBe('');
  });

  it('shows fractions as percentages without a float', () => {
    expect(formatPercent('0.0005')).toBe('0.05 %');
    expect(formatPercent('0.5')).toBe('50 %');
    expect(formatPercent('1')).toBe('100 %');
    expect(formatPercent('0.000125')).toBe('0.0125 %');
  });

  it('writes times in UTC and ages in words', () => {
    expect(formatTime('2026-11-25T07:12:03Z')).toBe('25 Nov 2026, 07:12:03 UTC');
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(formatAgo('2026-11-25T11:57:00Z', now)).toBe('3 min ago');
    expect(formatAgo('2026-11-23T12:00:00Z', now)).toBe('2 d ago');
    expect(formatAgo(null, now)).toBe('never');
  });
});
