import type { AdminOptionSeries, AdminOptionSeriesResult } from '@openbourse/contracts/options.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';
import { formatPeriod, parsePeriod } from './option-series-api';

const owner = me('owner', ALL);
const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);

const series: AdminOptionSeries = {
  id: 4,
  instrumentId: 11,
  code: 'BTC/USDT',
  name: 'Bitcoin',
  currency: 'USDT',
  scale: 6,
  periods: [300, 900, 3600, 7200, 86_400],
  minAmount: '10',
  maxAmount: '2000',
  spreadBps: 500,
  capMove: '0.05',
  volatility: '0.625',
  tradable: true,
  enabled: true,
  open: 7,
  exposure: '5120.4',
};

const result: AdminOptionSeriesResult = {
  list: [
    series,
    {
      ...series,
      id: 5,
      instrumentId: 12,
      code: 'EUR/USD',
      name: 'Euro',
      volatility: null,
      open: 0,
      exposure: '0',
      tradable: false,
      enabled: false,
      periods: [60],
    },
  ],
  accounts: [
    { mode: 'demo', currency: 'USDT', balance: '-320', exposure: '900', open: 2 },
    { mode: 'real', currency: 'USDT', balance: '18250.75', exposure: '5120.4', open: 7 },
  ],
};

function open(who: ReturnType<typeof me>, routes: Parameters<typeof serve>[0]) {
  signIn(who);
  const calls = serve({ 'auth/me': () => ok(who), 'option-series': () => ok(result), ...routes });
  window.history.pushState({}, '', '/admin/option-series');
  render(<App />);
  return calls;
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('periods', () => {
  it('reads and writes periods in the largest whole unit', () => {
    expect([60, 300, 900, 3600, 7200, 86_400, 90, 5400].map(formatPeriod)).toEqual([
      '1m',
      '5m',
      '15m',
      '1h',
      '2h',
      '1d',
      '90s',
      '90m',
    ]);
    expect(['90', '90s', '5m', '2H', '7d', ' 45 ', '1w', '', '1.5h'].map(parsePeriod)).toEqual([
      90,
      90,
      300,
      7200,
      604_800,
      45,
      null,
      null,
      null,
    ]);
  });
});

describe('option series', () => {
  it('shows the options account per book with its exposure, and every series with its live figures', async () => {
    open(owner, {});
    const accounts = await screen.findByRole('table', { name: 'Options account' });
    const real = (await within(accounts).findByText('Real')).closest('tr') as HTMLElement;
    expect(
      within(accounts)
        .getAllByRole('row')
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual([undefined, 'Real', 'Demo']);
    expect(cells(real)).toEqual(['Real', 'USDT', '18,250.75', '5,120.40', '7']);
    const demo = within(accounts).getByText('Demo').closest('tr') as HTMLElement;
    expect(cells(demo)).toEqual(['Demo', 'USDT', '-320.00', '900.00', '2']);
    const table = screen.getByRole('table', { name: 'Option series' });
    const btc = within(table).getByText('BTC/USDT').closest('tr') as HTMLElement;
    expect(cells(btc)).toEqual([
      'BTC/USDTSeries 4 · Bitcoin',
      'USDT',
      '5m / 15m / 1h / 2h / 1d',
      '10 – 2,000 USDT',
      '500 bps',
      '5 %',
      '62.5 % / yr',
      'Open',
      'Listed',
      '7',
      '5,120.40 USDT',
    ]);
    const eur = within(table).getByText('EUR/USD').closest('tr') as HTMLElement;
    expect(cells(eur)).toEqual([
      'EUR/USDSeries 5 · Euro',
      'USDT',
      '1m',
      '10 – 2,000 USDT',
      '500 bps',
      '5 %',
      'not yet',
      'Closed',
      'Off',
      '0',
      '0.00 USDT',
    ]);
  });

  it('edits a series: periods ticked and typed, the whole series sent', async () => {
    const calls = open(owner, {
      'option-series/4': ({ body }) => ok({ ...series, ...(body as object), instrument: undefined }),
    });
    fireEvent.click(await screen.findByText('BTC/USDT'));
    const dialog = await screen.findByRole('dialog', { name: 'Option series 4' });
    expect((within(dialog).getByLabelText('Instrument') as HTMLInputElement).value).toBe('BTC/USDT');
    expect((within(dialog).getByLabelText('Other periods') as HTMLInputElement).value).toBe('2h');
    expect((within(dialog).getByRole('checkbox', { name: '15m' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '15m' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '1m' }));
    fireEvent.change(within(dialog).getByLabelText('Other periods'), { target: { value: '2h, 600, 7d' } });
    expect(within(dialog).getByText('Offered: 1m / 5m / 10m / 1h / 2h / 1d / 7d')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Spread (bps)'), { target: { value: '250' } });
    expect(within(dialog).getByText('2.5 % over the model premium')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Payout cap'), { target: { value: '0.1' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Listed/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Option series 4' })).toBeNull());
    const save = calls.find((c) => c.path === 'option-series/4');
    expect(save?.method).toBe('POST');
    expect(save?.body).toEqual({
      instrument: 'BTC/USDT',
      currency: 'USDT',
      periods: [60, 300, 600, 3600, 7200, 86_400, 604_800],
      minAmount: '10',
      maxAmount: '2000',
      spreadBps: 250,
      capMove: '0.1',
      enabled: false,
    });
    const row = within(screen.getByRole('table', { name: 'Option series' }))
      .getByText('Series 4 · Bitcoin')
      .closest('tr');
    expect(cells(row as HTMLElement).slice(2, 6)).toEqual([
      '1m / 5m / 10m / 1h / 2h / 1d / 7d',
      '10 – 2,000 USDT',
      '250 bps',
      '10 %',
    ]);
  });

  it('creates a series; bad fields are said before sending, a refused one under itself', async () => {
    const calls = open(owner, {
      'option-series': ({ method }) =>
        method === 'POST' ? refused(40001, 'Please check the field: instrument', 'instrument') : ok(result),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New series' }));
    const dialog = await screen.findByRole('dialog', { name: 'New option series' });
    for (const p of ['5m', '15m', '1h', '1d']) fireEvent.click(within(dialog).getByRole('checkbox', { name: p }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('An instrument code or id, e.g. BTCUSDT')).toBeTruthy();
    expect(within(dialog).getByText('At least one period')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Other periods'), { target: { value: '30, 2x' } });
    expect(within(dialog).getByText('Seconds, or with a unit: 120, 2h, 7d')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Other periods'), { target: { value: '30' } });
    expect(within(dialog).getByText('Each period from 1m to 30d')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Spread (bps)'), { target: { value: '6000' } });
    fireEvent.change(within(dialog).getByLabelText('Payout cap'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum stake'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum stake'), { target: { value: '99.5' } });
    expect(within(dialog).getByText('Whole basis points, 0 to 5000')).toBeTruthy();
    expect(within(dialog).getByText('A fraction above 0 and below 1, e.g. 0.05')).toBeTruthy();
    expect(within(dialog).getByText('At least the minimum')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Instrument'), { target: { value: 'ETH/USDT' } });
    fireEvent.change(within(dialog).getByLabelText('Other periods'), { target: { value: '90, 5m' } });
    fireEvent.change(within(dialog).getByLabelText('Spread (bps)'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('Payout cap'), { target: { value: '0.08' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum stake'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please check the field: instrument')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('option-series');
    expect(sent?.body).toEqual({
      instrument: 'ETH/USDT',
      currency: 'USDT',
      periods: [90, 300],
      minAmount: '100',
      maxAmount: '500',
      spreadBps: 300,
      capMove: '0.08',
      enabled: true,
    });
  });

  it('shows a reviewer the figures, read only', async () => {
    const calls = open(reviewer, {});
    fireEvent.click(await screen.findByText('BTC/USDT'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New series' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
