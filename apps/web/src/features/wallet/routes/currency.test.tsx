import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyQuoteBatch, clearLiveQuotes } from '@/shared/lib/live-quotes';
import { sessionStore } from '@/shared/session/session-store';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const listing = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  code,
  name,
  scale: 8,
  kind: 'crypto',
  marketId: null,
  marketCode: null,
  priceUsdt: null,
  change: null,
  changePct: null,
  ts: null,
  ...extra,
});
const currencies = [
  listing('USDT', 'Tether USD', { scale: 6, priceUsdt: '1', change: '0', changePct: '0.00' }),
  listing('USD', 'US Dollar', { scale: 2, kind: 'fiat' }),
  listing('BTC', 'Bitcoin', {
    marketId: 7,
    marketCode: 'BTCUSDT',
    priceUsdt: '96905.00',
    change: '1900.00',
    changePct: '2.00',
    ts: 1000,
  }),
  listing('ETH', 'Ethereum', {
    scale: 18,
    marketId: 8,
    marketCode: 'ETHUSDT',
    priceUsdt: '3200.00',
    change: '-40.00',
    changePct: '-1.23',
    ts: 1000,
  }),
  listing('SOL', 'Solana', { scale: 9, marketId: 9, marketCode: 'SOLUSDT' }),
];
const balance = (currency: string, available: string, locked = '0') => ({
  currency,
  name: currency,
  scale: 8,
  available,
  locked,
  total: available,
  valueUsdt: null,
  priceTickId: null,
});
const net = (currency: string, network: string) => ({ currency, network, scale: 6, minDeposit: '1', address: 'T1' });
/** Figures are isolated left to right (bidi marks): compare their characters. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
const page = ok({ list: [], total: 0, page: 1, size: 10 });

function handlers() {
  return mockApi({
    ...baseHandlers,
    'GET index/listCurrencies': () => ok({ list: currencies }),
    'GET user/getBalances': () =>
      ok({
        mode: 'real',
        balances: [balance('USDT', '1000.5', '20'), balance('BTC', '0.12345678'), balance('ETH', '0')],
      }),
    'GET user/listDepositNetworks': () => ok({ list: [net('USDT', 'TRC20'), net('BTC', 'BTC'), net('ETH', 'ERC20')] }),
    'GET user/listWithdrawalNetworks': () =>
      ok({
        list: [
          { currency: 'USDT', network: 'TRC20', scale: 6, feeRate: '0.001', minWithdraw: '10', dailyLimit: '1000' },
        ],
      }),
    'GET user/listRecharge': () => page,
    'GET user/listWithdrwal': () => page,
  });
}

afterEach(() => {
  clearLiveQuotes();
  sessionStore.setLanguage('en');
});

describe('deposit and withdraw page', () => {
  it('lists every currency with its USDT price, its 24 h change with a sign and arrow, the holding and the ways in and out', async () => {
    const api = handlers();
    await renderApp('/cruuency', { loggedIn: true });
    const table = await screen.findByTestId('currency-table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-testid')),
    ).toEqual(['currency-USDT', 'currency-USD', 'currency-BTC', 'currency-ETH', 'currency-SOL']);

    const btc = screen.getByTestId('currency-BTC');
    expect(within(btc).getByText('Bitcoin')).toBeInTheDocument();
    expect(text(within(btc).getByTestId('currency-price'))).toBe('96,905.00');
    const up = within(btc).getByTestId('currency-change');
    expect(text(up)).toBe('▲+2.00%');
    expect(up.className).toContain('change--up');
    expect(text(within(btc).getByTestId('currency-available'))).toBe('0.12345678');
    expect(text(within(btc).getByTestId('currency-locked'))).toBe('0.00');

    const eth = screen.getByTestId('currency-ETH');
    expect(text(within(eth).getByTestId('currency-change'))).toBe('▼-1.23%');
    expect(within(eth).getByTestId('currency-change').className).toContain('change--down');
    // Held at zero is not a holding.
    expect(within(eth).getByTestId('currency-available')).toHaveTextContent('Not held');

    const usdt = screen.getByTestId('currency-USDT');
    expect(text(within(usdt).getByTestId('currency-price'))).toBe('1.00');
    expect(text(within(usdt).getByTestId('currency-change'))).toBe('0.00%');
    expect(text(within(usdt).getByTestId('currency-locked'))).toBe('20.00');

    // No USDT market: no price and no change, said in words; a market without a recorded tick the same.
    const usd = screen.getByTestId('currency-USD');
    expect(within(usd).getByTestId('currency-price')).toHaveTextContent('No price: this currency has no USDT market');
    expect(within(screen.getByTestId('currency-SOL')).getByTestId('currency-price')).toHaveTextContent(
      'No price recorded yet',
    );

    // Deposit where a network receives it, withdraw where one pays it out, exchange where it is priced.
    await waitFor(() => expect(within(eth).queryByTestId('currency-action-withdraw')).toBeNull());
    expect(within(btc).getByRole('link', { name: 'Deposit BTC' })).toHaveAttribute(
      'href',
      '/profile/deposit?currency=BTC',
    );
    expect(within(usdt).getByRole('link', { name: 'Withdraw USDT' })).toHaveAttribute(
      'href',
      '/profile/withdraw?currency=USDT',
    );
    expect(within(btc).getByRole('link', { name: 'Exchange BTC' })).toHaveAttribute(
      'href',
      '/profile/exchange?currency=BTC',
    );
    expect(within(usd).queryByRole('link')).toBeNull();
    expect(within(screen.getByTestId('currency-SOL')).getByRole('link', { name: 'Exchange SOL' })).toBeInTheDocument();
    expect(api.callsTo('index/listCurrencies')).toHaveLength(1);

    // The records stay below.
    expect(screen.getByRole('tab', { name: 'Deposits' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the live ticks of each market, and shows only the currencies held on request', async () => {
    handlers();
    await renderApp('/cruuency', { loggedIn: true });
    const btc = await screen.findByTestId('currency-BTC');
    act(() => applyQuoteBatch([{ id: 7, code: 'BTCUSDT', last: '94000.50', changePct: '-1.05', ts: 2000 }]));
    expect(text(within(btc).getByTestId('currency-price'))).toBe('94,000.50');
    expect(text(within(btc).getByTestId('currency-change'))).toBe('▼-1.05%');
    // An older tick does not roll the listing back.
    act(() => applyQuoteBatch([{ id: 8, code: 'ETHUSDT', last: '3100.00', changePct: '-5.00', ts: 500 }]));
    expect(text(within(screen.getByTestId('currency-ETH')).getByTestId('currency-price'))).toBe('3,200.00');

    fireEvent.click(screen.getByTestId('currency-held-only'));
    const rows = within(screen.getByTestId('currency-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['currency-USDT', 'currency-BTC']);
  });

  it('reads the figures left to right in Arabic', async () => {
    handlers();
    sessionStore.setLanguage('ar');
    await renderApp('/cruuency', { loggedIn: true });
    const btc = await screen.findByTestId('currency-BTC');
    expect(within(btc).getByTestId('currency-change').textContent).toContain('\u2066+2.00%\u2069');
    expect(within(btc).getByRole('link', { name: 'إيداع BTC' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'السعر (USDT)' })).toBeInTheDocument();
  });
});
