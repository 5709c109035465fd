import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const cryptoList = ['BTCUSDT', 'ETHUSDT', 'LTCUSDT'].map((code, i) => ({ id: i + 1, code, type: 2 }));
const balances = (usdt: string) =>
  ok({
    mode: 'real',
    balances: [
      { currency: 'USDT', name: 'Tether', available: usdt, locked: '0', total: usdt },
      { currency: 'ETH', name: 'Ether', available: '0.5', locked: '0', total: '0.5' },
    ],
  });
const quote = (extra: Record<string, unknown> = {}) => ({
  quoteId: 'a'.repeat(32),
  mode: 'real',
  from: 'USDT',
  to: 'BTC',
  amount: '100',
  receive: '0.00104736',
  rate: '0.000010473684210526',
  spreadBps: 50,
  fromPrice: '1',
  toPrice: '95000',
  fromTickId: null,
  toTickId: 8812,
  expiresAt: Date.now() + 15_000,
  ...extra,
});
/** Figures are isolated left to right (bidi marks): compare their characters. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 10 });

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET index/listMarketByType': () => ok(cryptoList),
    'GET user/getBalances': () => balances('1000'),
    'GET user/dh/list': () => page([]),
    ...extra,
  });
}

describe('exchange page', () => {
  it('quotes an amount with its rate, spread and pricing tick, then exchanges it once confirmed', async () => {
    let done = false;
    const api = handlers({
      'POST user/dh/quote': () => ok(quote()),
      'POST user/dh': () => {
        done = true;
        return ok({ ...quote(), quotedAt: Date.now() - 2000, executedAt: Date.now() });
      },
      'GET user/dh/list': () =>
        page(done ? [{ ...quote(), quotedAt: Date.UTC(2026, 10, 26), executedAt: Date.UTC(2026, 10, 26) }] : []),
    });
    await renderApp('/profile/exchange', { loggedIn: true });
    expect(await screen.findByTestId('exchange-from')).toHaveValue('USDT');
    expect(screen.getByTestId('exchange-to')).toHaveValue('BTC');
    // Only currencies held and priced are offered to give; every priced one but the given to receive.
    expect([...(screen.getByTestId('exchange-from') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'USDT',
      'ETH',
    ]);
    expect([...(screen.getByTestId('exchange-to') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'BTC',
      'ETH',
      'LTC',
    ]);
    fireEvent.change(screen.getByTestId('exchange-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('exchange-get-quote'));
    expect(text(await screen.findByTestId('exchange-quote-receive'))).toBe('0.00104736 BTC');
    expect(api.callsTo('user/dh/quote')[0]?.body).toEqual({ from: 'USDT', to: 'BTC', amount: '100' });
    expect(text(screen.getByTestId('exchange-quote-pay'))).toBe('100.00 USDT');
    expect(screen.getByTestId('exchange-quote-spread')).toHaveTextContent('0.5%');
    expect(screen.getByTestId('exchange-quote-toPrice')).toHaveTextContent('tick #8812');
    expect(screen.getByTestId('exchange-quote-timer')).toHaveTextContent(/Valid for 1[45] s/);
    expect(api.callsTo('user/dh')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('exchange-confirm'));
    await waitFor(() => expect(text(document.body)).toContain('Exchanged 100.00 USDT for 0.00104736 BTC'));
    expect(api.callsTo('user/dh')[0]?.body).toEqual({ quoteId: 'a'.repeat(32) });
    expect(await screen.findByTestId('exchange-row')).toBeInTheDocument();
    expect(text(screen.getByTestId('exchange-row-received'))).toBe('0.00104736 BTC');
    // A new exchange starts from an empty amount.
    expect(screen.getByTestId('exchange-amount')).toHaveValue('');
  });

  it('says "insufficient balance" before asking for more than is available, and shows a quote that expired', async () => {
    const api = handlers({
      'POST user/dh/quote': () => ok(quote({ expiresAt: Date.now() + 15_000 })),
      'POST user/dh': () => fail(40048, 'This quote has expired'),
    });
    await renderApp('/profile/exchange', { loggedIn: true });
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: '1000.01' } });
    fireEvent.click(screen.getByTestId('exchange-get-quote'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/insufficient/i);
    expect(api.callsTo('user/dh/quote')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('exchange-max'));
    expect(screen.getByTestId('exchange-amount')).toHaveValue('1000');
    fireEvent.click(screen.getByTestId('exchange-get-quote'));
    fireEvent.click(await screen.findByTestId('exchange-confirm'));
    expect(await screen.findByTestId('exchange-quote-expired')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('exchange-refresh'));
    await waitFor(() => expect(api.callsTo('user/dh/quote')).toHaveLength(2));
    expect(await screen.findByTestId('exchange-confirm')).toBeInTheDocument();
  });

  it('offers a deposit when nothing priced is held', async () => {
    handlers({ 'GET user/getBalances': () => ok({ mode: 'real', balances: [] }) });
    await renderApp('/profile/exchange', { loggedIn: true });
    expect(await screen.findByText('Nothing to exchange in this account yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/profile/deposit');
  });
});
