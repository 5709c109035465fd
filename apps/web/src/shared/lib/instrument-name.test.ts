import { act, renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '@/shared/i18n/i18n';
import { useInstrumentName } from './instrument-name';

describe('useInstrumentName', () => {
  afterAll(async () => {
    await loadLanguage('en');
  });

  it('shows the catalogue name in the reader’s language and follows a language switch', async () => {
    await loadLanguage('ja');
    const { result } = renderHook(() => useInstrumentName());
    expect(result.current('XAUUSD', 'Gold / USD')).toBe('金 / 米ドル');
    expect(result.current('BTCUSDT', 'Bitcoin')).toBe('ビットコイン');
    await act(() => loadLanguage('hk'));
    expect(result.current('AAPL', 'Apple Inc.')).toBe('蘋果');
    await act(() => loadLanguage('zh'));
    expect(result.current('AAPL', 'Apple Inc.')).toBe('苹果');
  });

  it('names instruments in Arabic (right to left)', async () => {
    await loadLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const { result } = renderHook(() => useInstrumentName());
    expect(result.current('XAUUSD', 'Gold / USD')).toBe('الذهب / دولار أمريكي');
    expect(result.current('BTCUSDT', 'Bitcoin')).toBe('بيتكوين');
    expect(result.current('AAPL', 'Apple Inc.')).toBe('أبل');
  });

  it('keeps forex pairs and unknown instruments as the server names them', async () => {
    await loadLanguage('de');
    const { result } = renderHook(() => useInstrumentName());
    expect(result.current('CL', 'WTI Crude Oil')).toBe('WTI-Rohöl');
    // Forex pairs read the same in every language: not in the catalogue, on purpose.
    expect(result.current('EURUSD', 'EUR/USD')).toBe('EUR/USD');
    // An instrument an operator added later.
    expect(result.current('NEWCOIN', 'New Coin')).toBe('New Coin');
    // A code i18next would split on (key or namespace separator) is not looked up.
    expect(result.current('BRK.B', 'Berkshire Hathaway')).toBe('Berkshire Hathaway');
    expect(result.current('app:XAUUSD', 'Something')).toBe('Something');
    expect(result.current('', 'Nameless')).toBe('Nameless');
  });

  it('reads the server’s name in English', async () => {
    await loadLanguage('en');
    const { result } = renderHook(() => useInstrumentName());
    expect(result.current('XAUUSD', 'Gold / USD')).toBe('Gold / USD');
    expect(result.current('SPY', 'SPDR S&P 500 ETF')).toBe('SPDR S&P 500 ETF');
  });
});
