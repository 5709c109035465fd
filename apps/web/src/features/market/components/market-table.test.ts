import { describe, expect, it } from 'vitest';
import { direction } from './market-table';

describe('direction of a change', () => {
  it('reads the sign from the decimal string', () => {
    expect(direction('1.25')).toBe('up');
    expect(direction('-0.40')).toBe('down');
    expect(direction('0.00')).toBe('flat');
    expect(direction('-0.00')).toBe('flat');
  });
});
