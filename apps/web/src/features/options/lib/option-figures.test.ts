import { describe, expect, it } from 'vitest';
import { bpsToFraction, formatCountdown, formatPeriod } from './option-figures';

describe('option figures', () => {
  it('writes a period in the largest unit that divides it, in the language', () => {
    expect(formatPeriod(300, 'en')).toBe('5 min');
    expect(formatPeriod(900, 'en')).toBe('15 min');
    expect(formatPeriod(3600, 'en')).toBe('1 hr');
    expect(formatPeriod(5400, 'en')).toBe('90 min');
    expect(formatPeriod(86_400, 'en', 'long')).toBe('1 day');
    expect(formatPeriod(90, 'en')).toBe('90 sec');
    expect(formatPeriod(300, 'de')).toBe('5 Min.');
    // Arabic words, Latin digits like every figure of the app.
    expect(formatPeriod(300, 'ar')).toMatch(/^5 /);
    expect(formatPeriod(300, 'ar')).not.toMatch(/min/);
  });

  it('turns basis points into an exact fraction', () => {
    expect(bpsToFraction(500)).toBe('0.05');
    expect(bpsToFraction(7)).toBe('0.0007');
    expect(bpsToFraction(12_345)).toBe('1.2345');
    expect(bpsToFraction(10_000)).toBe('1');
    expect(bpsToFraction(0)).toBe('0');
    expect(() => bpsToFraction(-1)).toThrow();
  });

  it('counts down in whole seconds, rounded up, with days when there are any', () => {
    expect(formatCountdown(299_001, 'en')).toBe('5:00');
    expect(formatCountdown(299_000, 'en')).toBe('4:59');
    expect(formatCountdown(0, 'en')).toBe('0:00');
    expect(formatCountdown(-5_000, 'en')).toBe('0:00');
    expect(formatCountdown(3_600_000, 'en')).toBe('1:00:00');
    expect(formatCountdown(86_400_000 + 3_723_000, 'en')).toBe('1d 01:02:03');
  });
});
