import { describe, expect, it } from 'vitest';
import { direction, matchesSearch } from './market-table';

describe('direction of a change', () => {
  it('reads the sign from the decimal string', () => {
    expect(direction('1.25')).toBe('up');
    expect(direction('-0.40')).toBe('down');
    expect(direction('0.00')).toBe('flat');
    expect(direction('-0.00')).toBe('flat');
  });
});

describe('search', () => {
  const gold = { code: 'XAUUSD', name: 'Gold / USD' };

  it('matches the code, the English name and the name shown in the reader’s language', () => {
    expect(matchesSearch(gold, 'xau usd', '金 / 米ドル')).toBe(true);
    expect(matchesSearch(gold, 'gold', '金 / 米ドル')).toBe(true);
    expect(matchesSearch(gold, '金', '金 / 米ドル')).toBe(true);
    expect(matchesSearch(gold, 'الذهب', 'الذهب / دولار أمريكي')).toBe(true);
    expect(matchesSearch(gold, 'silver', 'Or / USD')).toBe(false);
    expect(matchesSearch(gold, '')).toBe(true);
  });

  it('ignores accents and full-width letters', () => {
    const crude = { code: 'CL', name: 'WTI Crude Oil' };
    expect(matchesSearch(crude, 'petroleo', 'Petróleo crudo WTI')).toBe(true);
    expect(matchesSearch(crude, 'ＷＴＩ原油', 'WTI原油')).toBe(true);
  });
});
