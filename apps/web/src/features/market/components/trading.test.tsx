import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyQuoteBatch } from '@/shared/lib/live-quotes';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { btcQuote, cryptoInfo } from '@/shared/test/market-fixtures';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { validateTicket } from '../lib/ticket';

// lightweight-charts draws on canvas, which jsdom lacks; the chart has its own browser journey.
vi.mock('./price-chart', () => ({ default: () => <div data-testid="chart" /> }));

const quote = btcQuote;
const info = cryptoInfo(quote);
const preview = {
  instrumentId: 11,
  side: 'buy',
  type: 'market',
  lots: '0.001',
  leverage: 10,
  price: '95010.00',
  tickId: 77,
  notional: '95.01',
  margin: '9.501',
  fee: '0.09501',
  cost: '9.59601',
  available: '100000',
  stopOutPrice: '47505.00',
  stopOutLevel: '0.5',
};
const order = (over: Record<string, unknown> = {}) => ({
  id: 5,
  orderNo: 'U0005',
  instrumentId: 11,
  code: 'BTCUSDT',
  name: 'Bitcoin',
  side: 'buy',
  type: 'market',
  status: 2,
  state: 'open',
  lots: '0.001',
  openLots: '0.001',
  leverage: 10,
  price: null,
  openPrice: '95010.00',
  openTickId: 77,
  openTime: 1000,
  closePrice: null,
  closeTickId: null,
  closeTime: null,
  closeReason: null,
  margin: '9.501',
  marginHeld: '9.501',
  fee: '0.09501',
  stopLoss: null,
  takeProfit: null,
  stopOutPrice: '47505.00',
  stopOutLevel: '0.5',
  profit: '1.25',
  realisedProfit: '0',
  unrealisedProfit: '1.25',
  currentPrice: '96260.00',
  cancelReason: null,
  cancelTime: null,
  createdAt: 1000,
  ...over,
});
const account = {
  mode: 'demo',
  currency: 'USDT',
  balance: '100000',
  equity: '100001.25',
  usedMargin: '9.501',
  orderMargin: '0',
  freeMargin: '99990.40',
  openProfit: '1.25',
  marginLevel: '1.1315',
  stopOutLevel: '0.5',
};
const list = (items: unknown[]) => ok({ list: items, total: items.length, page: 1, size: 50 });

describe('validateTicket', () => {
  const spec = { minLots: '0.001', maxLots: '50', lotStep: '0.001', maxLeverage: 50 };
  const base = {
    side: 'buy' as const,
    type: 'market' as const,
    lots: '0.001',
    leverage: '10',
    price: '',
    stopLoss: '',
    takeProfit: '',
  };
  it('accepts a valid market ticket and names what is wrong otherwise', () => {
    expect(validateTicket(base, spec)).toEqual({});
    expect(validateTicket({ ...base, lots: '0.0005' }, spec).lots).toBe('lotsRange');
    expect(validateTicket({ ...base, lots: '0.0015' }, spec).lots).toBe('lotsStep');
    expect(validateTicket({ ...base, lots: 'abc' }, spec).lots).toBe('lots');
    expect(validateTicket({ ...base, leverage: '51' }, spec).leverage).toBe('leverage');
    expect(validateTicket({ ...base, type: 'limit' }, spec).price).toBe('priceRequired');
    expect(validateTicket({ ...base, takeProfit: '-1' }, spec).takeProfit).toBe('price');
  });
});

describe('market trading', () => {
  it('shows margin and fee from previewU before the confirm dialog, which restates them and places the order', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET index/getMarketInfo/*': () => ok(info),
      'GET index/getKValueByCodeAndDate': () => ok([]),
      'POST order/previewU': () => ok(preview),
      'POST order/buyU': () => ok(order(), { msg: 'Order placed successfully', msgCode: 20004 }),
      'GET order/listUOrder': () => list([]),
      'GET order/getMarginAccount': () => ok(account),
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    await screen.findByTestId('instrument-view');
    // Every amount exactly as charged: USDT's six decimals are never cut on display.
    await waitFor(() => expect(screen.getByTestId('ticket-margin')).toHaveTextContent('9.501 USDT'));
    expect(screen.getByTestId('ticket-fee')).toHaveTextContent('0.09501 USDT');
    expect(api.callsTo('order/previewU')[0]?.body).toMatchObject({ instrumentId: 11, side: 'buy', lots: '0.001' });
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('ticket-submit'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-lots')).toHaveTextContent('0.001');
    expect(within(dialog).getByTestId('confirm-price')).toHaveTextContent('95,010.00');
    expect(within(dialog).getByTestId('confirm-margin')).toHaveTextContent('9.501 USDT');
    expect(within(dialog).getByTestId('confirm-fee')).toHaveTextContent('0.09501 USDT');
    expect(api.callsTo('order/buyU')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.callsTo('order/buyU')).toHaveLength(1));
    expect(api.callsTo('order/buyU')[0]?.body).toMatchObject({
      instrumentId: 11,
      side: 'buy',
      type: 'market',
      lots: '0.001',
      leverage: 10,
    });
    // The toast says what happened, not the server's generic success.
    const filled = await screen.findByTestId('toast');
    expect(filled).toHaveTextContent('Buy 0.001 BTCUSDT filled at 95,010.00');
    expect(filled.dataset.side).toBe('buy'); // in the side's colour
  });

  it('refuses an order the book cannot pay for before the confirm, and offers the demo account', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET index/getMarketInfo/*': () => ok(info),
      'GET index/getKValueByCodeAndDate': () => ok([]),
      'POST order/previewU': () => ok({ ...preview, cost: '11600000.5', available: '100000' }),
      'GET order/listUOrder': () => list([]),
      'GET order/getMarginAccount': () => ok(account),
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const notice = await screen.findByTestId('ticket-short');
    expect(notice.textContent?.replace(/[\u2066\u2069]/g, '')).toContain(
      'This order costs 11,600,000.50 USDT; only 100,000.00 USDT is available',
    );
    expect(screen.getByTestId('ticket-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('ticket-submit'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(api.callsTo('order/buyU')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ticket-try-demo'));
    await waitFor(() => expect(sessionStore.getState().accountMode).toBe(DEMO_ACCOUNT));
  });

  it('blocks an invalid ticket before any preview', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET index/getMarketInfo/*': () => ok(info),
      'GET index/getKValueByCodeAndDate': () => ok([]),
      'POST order/previewU': () => ok(preview),
      'GET order/listUOrder': () => list([]),
      'GET order/getMarginAccount': () => ok(account),
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const lots = await screen.findByTestId('ticket-lots');
    fireEvent.change(lots, { target: { value: '0.0015' } });
    expect(await screen.findByText('Lots must be a multiple of 0.001')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-submit')).toBeDisabled();
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo('order/previewU').every((c) => (c.body as { lots: string }).lots !== '0.0015')).toBe(true);
  });

  it('states the stop distance and shows a refused take profit on its field, before the confirm', async () => {
    mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET index/getMarketInfo/*': () => ok(info),
      'GET index/getKValueByCodeAndDate': () => ok([]),
      'POST order/previewU': (call) =>
        (call.body as { takeProfit?: string }).takeProfit
          ? fail(40011, 'The take profit is unreasonable', { field: 'takeProfit' })
          : ok(preview),
      'GET order/listUOrder': () => list([]),
      'GET order/getMarginAccount': () => ok(account),
    });
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    await screen.findByTestId('instrument-view');
    expect(await screen.findByText('At least 9.50 from the closing price')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('ticket-tp'), { target: { value: '94995' } });
    const tpField = screen.getByTestId('ticket-tp').closest('.field') as HTMLElement;
    expect(await within(tpField).findByText('The take profit is unreasonable')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-preview-error')).toBeNull();
    expect(screen.getByTestId('ticket-submit')).toBeDisabled();
  });

  it('lists open positions with live PnL and the margin account, and saves a take profit', async () => {
    let profit = '1.25';
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET order/listUOrder': (call) =>
        list(call.query.get('status') === '2' ? [order({ unrealisedProfit: profit, profit })] : []),
      'GET order/getMarginAccount': () => ok(account),
      'POST order/updateU': () => ok(order({ takeProfit: '200000' }), { msg: 'Changes saved' }),
    });
    const { queryClient } = await renderApp('/market?type=crypto', { loggedIn: true });
    const row = await screen.findByTestId('position-row-U0005');
    expect(within(row).getByTestId('position-pnl')).toHaveTextContent('+1.25 USDT');
    expect(screen.getByTestId('margin-equity')).toHaveTextContent('100,001.25 USDT');
    profit = '-3.40';
    await act(() => queryClient.invalidateQueries({ queryKey: ['orders', 'list'] }));
    await waitFor(() => expect(within(row).getByTestId('position-pnl')).toHaveTextContent('-3.40 USDT'));
    expect(within(row).getByTestId('position-pnl').className).toContain('change--down');

    fireEvent.click(within(row).getByTestId('position-tp-edit'));
    fireEvent.change(await screen.findByTestId('tp-input'), { target: { value: '200000' } });
    fireEvent.click(screen.getByTestId('tp-save'));
    await waitFor(() => expect(api.callsTo('order/updateU')).toHaveLength(1));
    expect(api.callsTo('order/updateU')[0]?.body).toEqual({ id: 5, takeProfit: '200000', stopLoss: null });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Changes saved');
  });

  it('states the account margin level with the stop-out rule, and what a close would settle at before it is confirmed', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET index/getMarketInfo/*': () => ok(info),
      'GET order/listUOrder': (call) =>
        list(
          call.query.get('status') === '2'
            ? [order({ lots: '0.004', openLots: '0.004', marginHeld: '38.004', unrealisedProfit: '5' })]
            : [],
        ),
      'GET order/getMarginAccount': () => ok({ ...account, marginLevel: '2631.4' }),
      'POST order/stopU': () => ok(order({ state: 'closed' }), { msg: 'Position closed' }),
    });
    await renderApp('/market?type=crypto', { loggedIn: true });
    const row = await screen.findByTestId('position-row-U0005');
    // The account's level is equity / used margin; the position's own level, what the stop-out watches, is its own.
    expect(screen.getByTestId('margin-level')).toHaveTextContent('263,140%');
    expect(screen.getByTestId('stop-out-rule')).toHaveTextContent('falls to 50% or below');
    expect(within(row).getByTestId('position-level')).toHaveTextContent('113.15%'); // (38.004 + 5) / 38.004

    fireEvent.click(within(row).getByTestId('position-close'));
    const dialog = await screen.findByTestId('close-dialog');
    // No pushed quote yet: the position's last price (96,260 bid) prices the estimate.
    await waitFor(() => expect(within(dialog).getByTestId('close-estimate-pnl')).toHaveTextContent('+5.00 USDT'));
    expect(within(dialog).getByTestId('close-estimate-credited')).toHaveTextContent('43.004 USDT');
    fireEvent.change(within(dialog).getByTestId('close-lots'), { target: { value: '0.001' } });
    expect(within(dialog).getByTestId('close-estimate-pnl')).toHaveTextContent('+1.25 USDT');
    expect(within(dialog).getByTestId('close-estimate-credited')).toHaveTextContent('10.751 USDT'); // 9.501 + 1.25
    // A pushed quote re-prices it: the bid is what a long closes at.
    act(() => applyQuoteBatch([{ ...quote, bid: '94010.00', ask: '94030.00', last: '94020.00', ts: 2000 }]));
    await waitFor(() => expect(within(dialog).getByTestId('close-estimate-pnl')).toHaveTextContent('-1.00 USDT'));
    expect(within(dialog).getByTestId('close-estimate-price')).toHaveTextContent('94,010');
    fireEvent.click(within(dialog).getByTestId('close-submit'));
    await waitFor(() => expect(api.callsTo('order/stopU')).toHaveLength(1));
    expect(api.callsTo('order/stopU')[0]?.body).toEqual({ id: 5, lots: '0.001' });
    await waitFor(() => expect(screen.queryByTestId('close-dialog')).toBeNull());
  });

  it('pages through the history, closed and cancelled orders in one list', async () => {
    const ended = (n: number, state: 'closed' | 'cancelled') =>
      order({
        id: n,
        orderNo: `U${n}`,
        state,
        status: state === 'closed' ? 3 : 4,
        closeTime: state === 'closed' ? 5000 - n : null,
        closePrice: state === 'closed' ? '95100.00' : null,
        closeReason: state === 'closed' ? 'manual' : null,
        cancelTime: state === 'cancelled' ? 5000 - n : null,
        cancelReason: state === 'cancelled' ? 'user' : null,
        // A cancelled order waited at its price and never opened.
        ...(state === 'cancelled' ? { type: 'limit', openPrice: null, price: '90000.00' } : {}),
      });
    const all = [ended(1, 'cancelled'), ended(2, 'closed'), ended(3, 'closed')];
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote]),
      'GET order/getMarginAccount': () => ok(account),
      'GET order/listUOrder': (call) => {
        const statuses = call.query.getAll('status');
        if (statuses.join() !== '3,4') return list([]);
        // Pages of two (as if the server's page were that small), so a second page exists.
        const page = Number(call.query.get('page'));
        return ok({ list: all.slice((page - 1) * 2, page * 2), total: all.length, page, size: 2 });
      },
    });
    await renderApp('/market?type=crypto', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('positions-tab-history'));
    await screen.findByTestId('history-row-U1');
    const history = () => api.callsTo('order/listUOrder').filter((c) => c.query.getAll('status').join() === '3,4');
    expect(history().map((c) => c.query.get('page'))).toEqual(['1']);
    expect(screen.getAllByTestId(/^history-row-/)).toHaveLength(2);
    // The cancelled order shows the price it waited for, not an "open price" it never had.
    expect(within(screen.getByTestId('history-row-U1')).getByText('Entry price')).toBeInTheDocument();
    expect(within(screen.getByTestId('history-row-U1')).queryByText('Open price')).toBeNull();
    expect(within(screen.getByTestId('history-row-U2')).getByText('Open price')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('history-more'));
    await screen.findByTestId('history-row-U3');
    expect(history().map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getAllByTestId(/^history-row-/).map((r) => r.dataset.testid)).toEqual([
      'history-row-U1',
      'history-row-U2',
      'history-row-U3',
    ]);
    expect(screen.queryByTestId('history-more')).toBeNull();
  });

  it('filters the list by search and flashes a row when its price moves', async () => {
    mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': () => ok([quote, { ...quote, id: 12, code: 'ETHUSDT', name: 'Ethereum' }]),
    });
    await renderApp('/market?type=crypto');
    await screen.findByTestId('market-row-ETHUSDT');
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'eth' } });
    await waitFor(() => expect(screen.queryByTestId('market-row-BTCUSDT')).toBeNull());
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: '' } });
    const row = await screen.findByTestId('market-row-BTCUSDT');
    act(() => applyQuoteBatch([{ ...quote, last: '94000.00', ts: 5000 }]));
    await waitFor(() => expect(row.querySelector('[data-flash="down"]')).not.toBeNull());
    expect(screen.getByText('Log in to see your positions and orders.')).toBeInTheDocument();
  });
});
