import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const line = (currency: string, total: string, valueUsdt: string | null, priceTickId: number | null) => ({
  currency,
  name: currency,
  scale: 8,
  available: total,
  locked: '0',
  total,
  valueUsdt,
  priceTickId,
});

describe('assets page', () => {
  it('headlines the account valued in USDT, values each coin at its recorded tick, and shows the allocation', async () => {
    mockApi({
      ...baseHandlers,
      'GET user/getBalances': () =>
        ok({
          mode: 'real',
          totalUsdt: '12728.910149',
          balances: [
            line('USDT', '1000.5', '1000.500000', null),
            line('BTC', '0.12345678', '11728.410149', 42),
            line('XYZ', '3', null, null),
          ],
        }),
    });
    await renderApp('/profile/balance', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('balance-headline')).toHaveTextContent('12,728.910149'));
    const btc = screen.getByTestId('balance-BTC');
    expect(within(btc).getByTestId('balance-value')).toHaveTextContent('≈ 11,728.410149');
    expect(within(btc).getByTestId('balance-value').querySelector('[title]')?.getAttribute('title')).toContain('#42');
    expect(within(screen.getByTestId('balance-XYZ')).getByTestId('balance-value')).toHaveTextContent('—');
    // 11728.410149 / 12728.910149 = 92.139…%, 1000.5 / 12728.910149 = 7.860…%: exact basis points, rounded down.
    expect(screen.getByTestId('allocation-BTC')).toHaveTextContent('92.13%');
    expect(screen.getByTestId('allocation-USDT')).toHaveTextContent('7.86%');
    expect(screen.queryByTestId('allocation-XYZ')).toBeNull();
  });
});
