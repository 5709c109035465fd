import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatPercentFromFraction,
} from './format.ts';

describe('formatting', () => {
  it('formats decimal strings exactly, without floating-point drift', () => {
    expect(formatDecimal('100000', 'en')).toBe('100,000.00');
    expect(formatDecimal('0.1', 'en')).toBe('0.10');
    expect(formatDecimal('12345678901234567.12345678', 'en')).toBe('12,345,678,901,234,567.12345678');
    expect(formatDecimal('1.999999999', 'en', { maxFractionDigits: 8 })).toBe('1.99999999');
    expect(formatDecimal('1234.5', 'de')).toBe('1.234,50');
  });

  it('keeps Latin digits in Arabic', () => {
    expect(formatDecimal('1234.5', 'ar')).toMatch(/1.234.50/);
  });

  it('leaves a value that is not a decimal string as it is', () => {
    expect(formatDecimal('abc', 'en')).toBe('abc');
  });

  it('formats large figures compactly', () => {
    expect(formatCompact('3812345678.12', 'en')).toBe('3.8B');
    expect(formatCompact(1234567, 'en')).toBe('1.2M');
    expect(formatCompact('0', 'en')).toBe('0');
  });

  it('shows a fee fraction as a percentage', () => {
    expect(formatPercentFromFraction('0.0002', 'en')).toBe('0.02%');
    expect(formatPercentFromFraction('0.003', 'en')).toBe('0.3%');
  });

  it('formats integers and dates per language', () => {
    expect(formatInteger(1234567, 'en')).toBe('1,234,567');
    expect(formatDate('2025-01-15T10:00:00Z', 'en')).toBe('Jan 15, 2025');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('shows money whole, by one rule: the currency scale, grouping, at least two decimals', () => {
    const bare = (s: string) => s.replace(/[\u2066\u2069]/g, '');
    expect(bare(formatMoney('5.79775', 'USDT', 'en'))).toBe('5.79775 USDT');
    expect(bare(formatMoney('-1.7', 'USDT', 'en'))).toBe('-1.70 USDT');
    expect(bare(formatMoney('-0.0026', 'USDT', 'en'))).toBe('-0.0026 USDT');
    expect(bare(formatMoney('94858.62', 'USDT', 'en'))).toBe('94,858.62 USDT');
    expect(formatMoney('0.123456789', 'BTC', 'en', { code: false })).toBe('0.12345678');
    expect(bare(formatMoney('1234.5', 'USDT', 'de'))).toBe('1.234,50 USDT');
    // With its code, a figure is isolated left to right: the code stays after it in Arabic.
    expect(formatMoney('4752329', 'USDT', 'ar')).toBe('\u20664,752,329.00 USDT\u2069');
  });

  it('keeps the sign of a gain or loss in front, also in right-to-left text', () => {
    expect(formatMoney('12.5', 'USDT', 'en', { signed: true })).toBe('\u2066+12.50 USDT\u2069');
    expect(formatMoney('-12.5', 'USDT', 'ar', { signed: true })).toMatch(/^\u2066\u200e?-12.50 USDT\u2069$/);
    expect(formatMoney('0', 'USDT', 'en', { signed: true })).toBe('\u20660.00 USDT\u2069');
  });
});
