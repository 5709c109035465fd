import { describe, expect, it } from 'vitest';
import { parseContentRef } from './get-content';

describe('parseContentRef', () => {
  it('accepts a positive id or a slug', () => {
    expect(parseContentRef('3')).toBe(3);
    expect(parseContentRef('terms')).toBe('terms');
    expect(parseContentRef('Risk-Warning')).toBe('risk-warning');
  });

  it('rejects anything else', () => {
    expect(parseContentRef(null)).toBeNull();
    expect(parseContentRef('0')).toBeNull();
    expect(parseContentRef('../etc')).toBeNull();
    expect(parseContentRef('a b')).toBeNull();
  });
});
