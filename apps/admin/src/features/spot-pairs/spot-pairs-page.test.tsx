import type { AdminSpotPair, AdminSpotPairList } from '@openbourse/contracts/admin-spot.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const owner = me('owner', ALL);

const pair = (id: number, base: string, over: Partial<AdminSpotPair> = {}): AdminSpotPair => ({
  id,
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  instrumentCode: `${base}USDT`,
  enabled: true,
  sort: id,
  tickSize: '0.01',
  lotSize: '0.001',
  minQuantity: '0.001',
  maxQuantity: '1000',
  makerFeeRate: '0.0008',
  takerFeeRate: '0.001',
  protectionRate: '0.05',
  mmEnabled: true,
  mmSpreadRate: '0.0005',
  mmStepRate: '0.0003',
  mmLevels: 10,
  mmLevelQuote: '2000',
  openOrders: { real: 0, demo: 0 },
  updatedAt: '2026-11-26T00:00:00.000Z',
  ...over,
});

const btc = pair(1, 'BTC', { lotSize: '0.0001', minQuantity: '0.0001', openOrders: { real: 2, demo: 1 } });
const eth = pair(2, 'ETH');
const currencies = [
  { code: 'USDT', name: 'Tether USD', scale: 6 },
  { code: 'BTC', name: 'Bitcoin', scale: 8 },
  { code: 'ETH', name: 'Ethereum', scale: 18 },
];
const listing = (): AdminSpotPairList => ({ list: [btc, eth], currencies });

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(owner);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

async function open() {
  window.history.pushState({}, '', '/admin/spot-pairs');
  render(<App />);
  const table = await screen.findByRole('table', { name: 'Spot pairs' });
  await within(table).findByText('BTC/USDT');
  return table;
}

describe('spot pairs', () => {
  it('is in the navigation beside the instruments, for those who edit them', async () => {
    serve({ 'auth/me': () => ok(owner), spotPairs: () => ok(listing()) });
    await open();
    const nav = screen.getByRole('navigation');
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent?.trim());
    expect(links.indexOf('⇅Spot pairs')).toBe(links.indexOf('◈Instruments') + 1);
  });

  it('shows each pair with its fees as percentages and its resting orders, and saves only what changed', async () => {
    const calls = serve({
      'auth/me': () => ok(owner),
      spotPairs: () => ok(listing()),
      'spotPairs/1': ({ body }) => ok({ ...btc, ...(body as object) }),
    });
    const table = await open();
    const row = within(table).getByText('BTC/USDT').closest('tr') as HTMLElement;
    expect(within(row).getByText('maker 0.08 %')).toBeTruthy();
    expect(within(row).getByText('taker 0.1 %')).toBeTruthy();
    expect(within(row).getByText('2 real')).toBeTruthy();
    expect(within(row).getByText('1 demo')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit BTC/USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit BTC/USDT' });
    // Orders rest: the grid is locked.
    expect((within(dialog).getByLabelText('Tick size (USDT)') as HTMLInputElement).disabled).toBe(true);
    expect(
      within(dialog).getAllByText(
        'Locked: 3 orders rest on this pair; turning the market maker off withdraws its quotes',
      ),
    ).toHaveLength(2);
    // Checked here first: a fee over the cap or finer than a millionth is not sent.
    const taker = within(dialog).getByLabelText('Taker fee (fraction)');
    fireEvent.change(taker, { target: { value: '0.2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(taker.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(taker, { target: { value: '0.00000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(taker.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'spotPairs/1')).toBe(false);

    fireEvent.change(taker, { target: { value: '0.0015' } });
    expect(within(dialog).getByText('= 0.15 %; up to 0.1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('BTC/USDT saved.');
    expect(calls.filter((c) => c.path === 'spotPairs/1').at(-1)?.body).toEqual({ takerFeeRate: '0.0015' });
    expect(within(row).getByText('taker 0.15 %')).toBeTruthy();
  });

  it('says on the field why the server refused a grid: an order came to rest meanwhile', async () => {
    serve({
      'auth/me': () => ok(owner),
      spotPairs: () => ok(listing()),
      'spotPairs/2': () =>
        refused(40054, 'The price or quantity step cannot change while orders rest on this pair', 'tickSize'),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit ETH/USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit ETH/USDT' });
    const tick = within(dialog).getByLabelText('Tick size (USDT)');
    expect(within(dialog).getByText('Price step; USDT has 6 decimals')).toBeTruthy();
    fireEvent.change(tick, { target: { value: '0.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await within(dialog).findByText('Orders rest on this pair: the grid changes only once none does');
    expect(tick.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('adds a pair of two ledger currencies, the server’s refusal shown on its field', async () => {
    let tries = 0;
    const calls = serve({
      'auth/me': () => ok(owner),
      spotPairs: ({ method, body }) => {
        if (method === 'GET') return ok(listing());
        tries += 1;
        if (tries === 1) return refused(40001, 'Please check the field: tickSize', 'tickSize');
        const b = body as Record<string, string>;
        return ok(pair(3, 'ETH', { ...b, symbol: 'ETH/BTC', quote: 'BTC', instrumentCode: null, enabled: false }));
      },
    });
    const table = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add pair' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a spot pair' });
    fireEvent.change(within(dialog).getByLabelText('Base currency'), { target: { value: 'ETH' } });
    fireEvent.change(within(dialog).getByLabelText('Quote currency'), { target: { value: 'ETH' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pair' }));
    expect(within(dialog).getByText('Another currency than the base')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tick size (ETH)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Quote currency'), { target: { value: 'BTC' } });
    const tick = within(dialog).getByLabelText('Tick size (BTC)');
    fireEvent.change(tick, { target: { value: '0.000001' } });
    fireEvent.change(within(dialog).getByLabelText('Lot size (ETH)'), { target: { value: '0.001' } });
    fireEvent.change(within(dialog).getByLabelText('Min quantity (ETH)'), { target: { value: '0.01' } });
    fireEvent.change(within(dialog).getByLabelText('Max quantity (ETH)'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pair' }));
    await within(dialog).findByText('Please check the field: tickSize');
    expect(tick.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(tick, { target: { value: '0.00001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pair' }));
    await screen.findByText('ETH/BTC saved.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      base: 'ETH',
      quote: 'BTC',
      enabled: false,
      mmEnabled: false,
      sort: 0,
      mmLevels: 10,
      tickSize: '0.00001',
      lotSize: '0.001',
      minQuantity: '0.01',
      maxQuantity: '1000',
      makerFeeRate: '0.0008',
      takerFeeRate: '0.001',
      protectionRate: '0.05',
      mmSpreadRate: '0.0005',
      mmStepRate: '0.0003',
      mmLevelQuote: '2000',
    });
    expect(within(table).getByText('ETH/BTC')).toBeTruthy();
  });
});
