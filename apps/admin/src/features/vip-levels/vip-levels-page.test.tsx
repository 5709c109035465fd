import type { AdminLevel, AdminLevelsResult } from '@openbourse/contracts/levels.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';
import { percentToShare, shareToPercent } from './vip-levels-page';

const owner = me('owner', ALL);
const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);

const level = (id: number, minVolume: string, discount: string, users: number, minBalance: string | null = null) =>
  ({
    id,
    name: `VIP ${id}`,
    names: { en: `VIP ${id}`, fr: `VIP ${id}` },
    minVolume,
    minBalance,
    discount,
    users,
  }) satisfies AdminLevel;
const table: AdminLevelsResult = {
  list: [
    level(0, '0', '0', 120),
    level(1, '10000', '0.05', 7),
    level(2, '50000', '0.1', 2),
    level(4, '1000000', '0.2', 0, '10000'),
  ],
};

function open(who: ReturnType<typeof me>, routes: Parameters<typeof serve>[0]) {
  signIn(who);
  const calls = serve({ 'auth/me': () => ok(who), levels: () => ok(table), ...routes });
  window.history.pushState({}, '', '/admin/vip-levels');
  render(<App />);
  return calls;
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('VIP levels', () => {
  it('shares and percentages, exactly', () => {
    expect(shareToPercent('0.1')).toBe('10');
    expect(shareToPercent('0.125')).toBe('12.5');
    expect(shareToPercent('0')).toBe('0');
    expect(shareToPercent('0.0005')).toBe('0.05');
    expect(percentToShare('10')).toBe('0.1');
    expect(percentToShare('12.5')).toBe('0.125');
    expect(percentToShare('0')).toBe('0');
    expect(percentToShare('100')).toBeNull();
    expect(percentToShare('1.234')).toBeNull();
  });

  it('lists the levels with their thresholds, discounts and users', async () => {
    open(owner, {});
    const grid = await screen.findByRole('table', { name: 'Levels' });
    const row = (await within(grid).findByText('VIP 4')).closest('tr') as HTMLElement;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual(['4', 'VIP 4', '1,000,000', '10,000', '20%', '0']);
  });

  it('edits a level (checked first), creates one, and shows a refusal', async () => {
    let answer = ok(level(2, '60000', '0.12', 2));
    const calls = open(owner, {
      'levels/2': () => answer,
      levels: (c) => (c.method === 'POST' ? ok(level(5, '5000000', '0.25', 0)) : ok(table)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit VIP 2' }));
    expect((screen.getByLabelText('Fee discount (%)') as HTMLInputElement).value).toBe('10');
    fireEvent.change(screen.getByLabelText('Fee discount (%)'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('30-day volume (USDT)'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save level' }));
    expect(screen.getByText('A percentage below 100, at most 2 decimals')).toBeTruthy();
    expect(screen.getByText('An amount of 0 or more')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Fee discount (%)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('30-day volume (USDT)'), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save level' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      id: 2,
      names: { en: 'VIP 2', fr: 'VIP 2' },
      minVolume: '60000',
      minBalance: null,
      discount: '0.12',
    });
    expect(await screen.findByText(/saved and written to the audit log/)).toBeTruthy();

    answer = refused(40001, 'Please check the field: id', 'id');
    fireEvent.click(screen.getByRole('button', { name: 'Save level' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the field: id');

    fireEvent.click(screen.getAllByRole('button', { name: 'New level' })[0]!);
    fireEvent.change(screen.getByLabelText('Level (rank)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Name (en)'), { target: { value: 'VIP 5' } });
    fireEvent.change(screen.getByLabelText('30-day volume (USDT)'), { target: { value: '5000000' } });
    fireEvent.change(screen.getByLabelText('Fee discount (%)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create level' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      id: 5,
      names: { en: 'VIP 5' },
      minVolume: '5000000',
      minBalance: null,
      discount: '0.25',
    });
  });

  it('is not in a reviewer’s menu', async () => {
    open(reviewer, {});
    await screen.findAllByRole('navigation');
    expect(screen.queryByRole('link', { name: /VIP levels/ })).toBeNull();
  });
});
