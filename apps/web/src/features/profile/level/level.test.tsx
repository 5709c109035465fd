import type { ListLevelResult } from '@openbourse/contracts/levels.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { discountedRate } from '@/features/spot/lib/order-math';

const table: ListLevelResult['list'] = [
  { id: 0, name: 'VIP 0', minVolume: '0', minBalance: null, discount: '0' },
  { id: 1, name: 'VIP 1', minVolume: '10000', minBalance: null, discount: '0.05' },
  { id: 2, name: 'VIP 2', minVolume: '50000', minBalance: null, discount: '0.1' },
  { id: 3, name: 'VIP 3', minVolume: '250000', minBalance: null, discount: '0.15' },
  { id: 4, name: 'VIP 4', minVolume: '1000000', minBalance: '10000', discount: '0.2' },
];
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

describe('VIP level page', () => {
  it('shows the level, 30-day volume, progress to the next and the table with the current level marked', async () => {
    mockApi({
      ...baseHandlers,
      'GET index/listLevel': () =>
        ok({
          list: table,
          mine: {
            level: 2,
            name: 'VIP 2',
            discount: '0.1',
            volume30d: '60000',
            computedAt: '2026-11-27T00:00:00.000Z',
            next: { level: 3, name: 'VIP 3', minVolume: '250000', remaining: '190000', progress: '0.05' },
          },
        } satisfies ListLevelResult),
    });
    await renderApp('/profile/level', { loggedIn: true });
    expect(await screen.findByTestId('level-name')).toHaveTextContent('VIP 2');
    expect(plain(screen.getByTestId('level-volume'))).toContain('60,000');
    expect(plain(screen.getByTestId('level-discount'))).toBe('10%');
    expect(plain(screen.getByTestId('level-remaining'))).toContain('190,000');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    const rows = within(screen.getByTestId('level-table')).getAllByRole('row');
    expect(rows).toHaveLength(table.length + 1);
    expect(screen.getByTestId('level-row-2').className).toBe('is-current');
    expect(plain(screen.getByTestId('level-row-4'))).toContain('20%');
  });

  it('signed out: the table alone', async () => {
    mockApi({ ...baseHandlers, 'GET index/listLevel': () => ok({ list: table, mine: null }) });
    await renderApp('/profile/level', { loggedIn: true });
    expect(await screen.findByTestId('level-table')).toBeInTheDocument();
  });

  it('discounts a fee rate as the server does, rounded up to a millionth', () => {
    expect(discountedRate('0.001', '0.1')).toBe('0.0009');
    expect(discountedRate('0.0008', '0.15')).toBe('0.00068');
    expect(discountedRate('0.000015', '0.1')).toBe('0.000014'); // 13.5 ppm → 14
    expect(discountedRate('0.001', '0')).toBe('0.001');
  });
});
