import { describe, expect, it } from 'vitest';
import { directionOf, targetError } from './alert-form';

describe('a price alert’s target', () => {
  it('must be a positive plain decimal with no more decimals than the instrument’s prices', () => {
    expect(targetError('', 'above', '95000.00', 2)).toEqual({ key: 'required' });
    expect(targetError('   ', 'above', '95000.00', 2)).toEqual({ key: 'required' });
    for (const bad of ['-1', '1e5', '9,500', 'abc', '1.', '.5', '0x10', `1${'0'.repeat(40)}`]) {
      expect(targetError(bad, 'above', '95000.00', 2), bad).toEqual({ key: 'number' });
    }
    expect(targetError('0', 'below', '95000.00', 2)).toEqual({ key: 'positive' });
    expect(targetError('0.000', 'below', '95000.00', 2)).toEqual({ key: 'positive' });
    expect(targetError('96000.123', 'above', '95000.00', 2)).toEqual({ key: 'decimals', decimals: 2 });
    expect(targetError('96000.120', 'above', '95000.00', 2)).toBeNull();
    expect(targetError(' 96000.5 ', 'above', '95000.00', 2)).toBeNull();
  });

  it('must not be reached already: above the price for a rise, below it for a fall (equal is reached)', () => {
    expect(targetError('95000', 'above', '95000.00', 2)).toEqual({ key: 'reachedAbove' });
    expect(targetError('94000', 'above', '95000.00', 2)).toEqual({ key: 'reachedAbove' });
    expect(targetError('95000.01', 'above', '95000.00', 2)).toBeNull();
    expect(targetError('95000.00', 'below', '95000.00', 2)).toEqual({ key: 'reachedBelow' });
    expect(targetError('94999.99', 'below', '95000.00', 2)).toBeNull();
    // Without a price yet, the server decides.
    expect(targetError('1', 'above', undefined, 2)).toBeNull();
  });

  it('lies above or below the price, compared exactly', () => {
    expect(directionOf('95000.01', '95000.00')).toBe('above');
    expect(directionOf('94999.999999999', '95000')).toBe('below');
    expect(directionOf('95000.000', '95000')).toBeNull();
    expect(directionOf('abc', '95000')).toBeNull();
    expect(directionOf('1', undefined)).toBeNull();
  });
});
