import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyQuoteBatch } from '@/shared/lib/live-quotes';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { resetServerClock } from '@/shared/lib/server-clock';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { btcQuote, cryptoInfo } from '@/shared/test/market-fixtures';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

// lightweight-charts draws on canvas, which jsdom lacks; the chart has its own browser journey.
vi.mock('@/features/market/components/price-chart', () => ({ default: () => <div data-testid="chart" /> }));

const quote = btcQuote;
const info = cryptoInfo(quote);
const series = {
  id: 3,
  instrumentId: 11,
  code: 'BTCUSDT',
  name: 'Bitcoin',
  currency: 'USDT',
  scale: 6,
  periods: [300, 900, 3600, 86_400],
  minAmount: '10',
  maxAmount: '1000',
  spreadBps: 500,
  capMove: '0.05',
  volatility: '0.6250',
  tradable: true,
};
const optionQuote = (over: Record<string, unknown> = {}) => ({
  quoteId: 'a'.repeat(32),
  mode: 'demo',
  seriesId: 3,
  code: 'BTCUSDT',
  direction: 'call',
  period: 300,
  currency: 'USDT',
  amount: '25',
  volatility: '0.6250',
  modelRate: '0.00512345',
  spreadBps: 500,
  rate: '0.00537963',
  capMove: '0.05',
  maxPayout: '232.357244',
  price: '95000.50',
  tickId: 4242,
  quantity: '0.04891861',
  expiresAt: Date.now() + 30_000,
  ...over,
});
const optionOrder = (over: Record<string, unknown> = {}) => ({
  id: 901,
  mode: 'demo',
  seriesId: 3,
  instrumentId: 11,
  code: 'BTCUSDT',
  direction: 'call',
  period: 300,
  currency: 'USDT',
  amount: '25',
  volatility: '0.6250',
  modelRate: '0.00512345',
  spreadBps: 500,
  rate: '0.00537963',
  capMove: '0.05',
  strike: '95000.50',
  openTickId: 4243,
  quantity: '0.04891861',
  capPrice: '99750.525',
  maxPayout: '232.357244',
  openedAt: Date.now(),
  expiresAt: Date.now() + 300_000,
  status: 'open',
  settlePrice: null,
  settleTickId: null,
  settleTickAt: null,
  settledAt: null,
  payout: null,
  profit: null,
  ...over,
});
const settled = (over: Record<string, unknown> = {}) =>
  optionOrder({
    id: 902,
    openedAt: 1_700_000_000_000,
    expiresAt: 1_700_000_300_000,
    status: 'settled',
    settlePrice: '95100.50',
    settleTickId: 5150,
    settleTickAt: 1_700_000_300_400,
    settledAt: 1_700_000_302_000,
    payout: '4.891861',
    profit: '-20.108139',
    ...over,
  });
const page = (items: unknown[]) => ok({ list: items, total: items.length, page: 1, size: 50 });

/** The market page around the options: an instrument, its chart's candles, the margin side empty. */
function handlers(extra: Record<string, Handler>): Record<string, Handler> {
  return {
    ...baseHandlers,
    'GET index/listMarketByType': () => ok([quote]),
    'GET index/getMarketInfo/*': () => ok(info),
    'GET index/getKValueByCodeAndDate': () => ok([]),
    'POST order/previewU': () => fail(40401, 'not here'),
    'GET order/listUOrder': () => page([]),
    'GET order/getMarginAccount': () => fail(40401, 'not here'),
    'GET index/listOptions': () => ok({ list: [series] }),
    'GET order/listOptionsOrder': () => page([]),
    ...extra,
  };
}

async function openOptions() {
  fireEvent.click(await screen.findByTestId('product-options'));
  return screen.findByTestId('options-ticket');
}

// The first test loads the whole app and the lazy options chunk cold.
describe('options on /market', { timeout: 20_000 }, () => {
  it('shows the series of the instrument behind a Margin | Options switch: periods, σ, spread and cap', async () => {
    const api = mockApi(handlers({}));
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    // The margin ticket first, as before; Options beside it.
    expect(await screen.findByTestId('order-ticket')).toBeInTheDocument();
    expect(await screen.findByTestId('product-margin')).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('index/listOptions')[0]?.query.get('instrumentId')).toBe('11');
    const ticket = await openOptions();
    expect(screen.queryByTestId('order-ticket')).toBeNull();
    expect(within(ticket).getByTestId('options-period-300')).toHaveTextContent('5 min');
    expect(within(ticket).getByTestId('options-period-900')).toHaveTextContent('15 min');
    expect(within(ticket).getByTestId('options-period-3600')).toHaveTextContent('1 hr');
    expect(within(ticket).getByTestId('options-period-86400')).toHaveTextContent('1 day');
    expect(within(ticket).getByTestId('options-volatility')).toHaveTextContent('62.5%');
    expect(within(ticket).getByTestId('options-spread')).toHaveTextContent('5%');
    expect(within(ticket).getByTestId('options-cap')).toHaveTextContent('5%');
    expect(within(ticket).getByTestId('options-direction-text')).toHaveTextContent('ends above the strike');
    fireEvent.click(within(ticket).getByTestId('options-direction-put'));
    expect(within(ticket).getByTestId('options-direction-text')).toHaveTextContent('ends below the strike');
    // The premium's range, checked before any quote.
    fireEvent.change(within(ticket).getByTestId('options-amount'), { target: { value: '1000.5' } });
    const amountError = within(ticket).getByRole('alert');
    expect(amountError.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'The premium must be from 10.00 USDT to 1,000.00 USDT',
    );
    expect(within(ticket).getByTestId('options-quote')).toBeDisabled();
    expect(within(ticket).getByTestId('options-mode')).toHaveTextContent('Real account');
    fireEvent.click(screen.getByTestId('product-margin'));
    expect(await screen.findByTestId('order-ticket')).toBeInTheDocument();
  });

  it('shows nothing of options for an instrument without series', async () => {
    const api = mockApi(handlers({ 'GET index/listOptions': () => ok({ list: [] }) }));
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    await screen.findByTestId('order-ticket');
    await waitFor(() => expect(api.callsTo('index/listOptions')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('product-switch')).toBeNull();
    expect(screen.queryByTestId('options-ticket')).toBeNull();
    expect(screen.getByTestId('order-ticket')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in before buying, with the series still shown', async () => {
    const api = mockApi(handlers({}));
    await renderApp('/market?type=crypto&id=11');
    const ticket = await openOptions();
    expect(within(ticket).getByTestId('options-volatility')).toHaveTextContent('62.5%');
    expect(within(ticket).queryByTestId('options-quote')).toBeNull();
    expect(within(ticket).getByText('Log in to buy options with your demo or real account.')).toBeInTheDocument();
    expect(screen.getByText('Log in to see your options.')).toBeInTheDocument();
    expect(api.callsTo('order/listOptionsOrder')).toHaveLength(0);
  });

  it('quotes before buying: every figure, the payout rule, the countdown; confirming buys the quote', async () => {
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    const api = mockApi(
      handlers({
        'POST order/quoteOptions': () => ok(optionQuote()),
        'POST order/buyOptions': () => ok(optionOrder(), { msg: 'Purchase successful', msgCode: 20004 }),
      }),
    );
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const ticket = await openOptions();
    expect(within(ticket).getByTestId('options-mode')).toHaveTextContent('Demo account (virtual funds)');
    fireEvent.click(within(ticket).getByTestId('options-period-300'));
    fireEvent.change(within(ticket).getByTestId('options-amount'), { target: { value: '25' } });
    fireEvent.click(within(ticket).getByTestId('options-quote'));
    const dialog = await screen.findByTestId('options-quote-dialog');
    expect(api.callsTo('order/quoteOptions')[0]?.body).toEqual({
      seriesId: 3,
      period: 300,
      direction: 'call',
      amount: '25',
    });
    // The demo header went with it: the quote is for the demo account.
    expect(api.callsTo('order/quoteOptions')[0]?.headers.virtually).toBe('YES');
    const text = (id: string) =>
      within(dialog)
        .getByTestId(id)
        .textContent?.replace(/[\u2066-\u2069]/g, '');
    expect(text('quote-premium')).toBe('25.00 USDT');
    expect(text('quote-volatility')).toBe('62.5%');
    expect(text('quote-model-rate')).toBe('0.512345%');
    expect(text('quote-spread')).toBe('5%');
    expect(text('quote-rate')).toBe('0.537963%');
    expect(text('quote-max-payout')).toBe('232.357244 USDT');
    expect(text('quote-strike')).toContain('95,000.50');
    expect(within(dialog).getByTestId('quote-tick')).toHaveTextContent('#4242');
    expect(text('quote-quantity')).toBe('0.04891861');
    // 95,000.50 × 1.05, every digit kept.
    expect(text('quote-cap-price')).toBe('99,750.525');
    expect(text('quote-expiry')).toMatch(/\d/);
    expect(text('quote-mode')).toBe('Demo account (virtual funds)');
    expect(text('quote-rule')).toBe(
      'A call struck at 95,000.50: if the price at expiry ends above it, you receive 0.04891861 × (price at expiry − 95,000.50). The move counts up to 5% of the strike (the cap price 99,750.525), so you receive at most 232.357244 USDT. At or below the strike you receive nothing and the premium of 25.00 USDT is not returned.',
    );
    expect(text('quote-countdown')).toMatch(/This quote holds for 0:(30|29|28)/);
    expect(api.callsTo('order/buyOptions')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('quote-confirm'));
    await waitFor(() => expect(api.callsTo('order/buyOptions')).toHaveLength(1));
    expect(api.callsTo('order/buyOptions')[0]?.body).toEqual({ quoteId: 'a'.repeat(32) });
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Call BTCUSDT 5 min bought: strike 95,000.50 (tick #4243)',
    );
    await waitFor(() => expect(screen.queryByTestId('options-quote-dialog')).toBeNull());
  });

  it("states a put's rule and its cap below the strike", async () => {
    const api = mockApi(
      handlers({ 'POST order/quoteOptions': () => ok(optionQuote({ direction: 'put', period: 900 })) }),
    );
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const ticket = await openOptions();
    fireEvent.click(within(ticket).getByTestId('options-direction-put'));
    fireEvent.click(within(ticket).getByTestId('options-period-900'));
    fireEvent.click(within(ticket).getByTestId('options-quote'));
    const dialog = await screen.findByTestId('options-quote-dialog');
    expect(api.callsTo('order/quoteOptions')[0]?.body).toMatchObject({ direction: 'put', period: 900 });
    const text = (id: string) =>
      within(dialog)
        .getByTestId(id)
        .textContent?.replace(/[\u2066-\u2069]/g, '');
    // 95,000.50 × 0.95
    expect(text('quote-cap-price')).toBe('90,250.475');
    expect(text('quote-rule')).toContain(
      'if the price at expiry ends below it, you receive 0.04891861 × (95,000.50 − price at expiry)',
    );
    expect(text('quote-rule')).toContain('(the cap price 90,250.475)');
  });

  it('counts the quote down and, once it has expired, offers a new quote instead of buying', async () => {
    let quotes = 0;
    const api = mockApi(
      handlers({
        'POST order/quoteOptions': () => {
          quotes += 1;
          return ok(
            optionQuote({
              quoteId: String(quotes).repeat(32),
              expiresAt: Date.now() + (quotes === 1 ? 1_900 : 30_000),
            }),
          );
        },
        'POST order/buyOptions': () => ok(optionOrder(), { msg: 'Purchase successful', msgCode: 20004 }),
      }),
    );
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const ticket = await openOptions();
    fireEvent.click(within(ticket).getByTestId('options-quote'));
    const dialog = await screen.findByTestId('options-quote-dialog');
    expect(within(dialog).getByTestId('quote-countdown')).toHaveTextContent('0:02');
    await waitFor(() => expect(within(dialog).getByTestId('quote-countdown')).toHaveTextContent('0:01'), {
      timeout: 1_500,
    });
    const expired = await within(dialog).findByTestId('quote-expired', {}, { timeout: 2_500 });
    expect(expired).toHaveTextContent('This quote has expired.');
    expect(within(dialog).getByTestId('quote-confirm')).toBeDisabled();
    fireEvent.click(within(dialog).getByTestId('quote-renew'));
    await waitFor(() => expect(within(dialog).queryByTestId('quote-expired')).toBeNull());
    expect(api.callsTo('order/quoteOptions')).toHaveLength(2);
    fireEvent.click(within(dialog).getByTestId('quote-confirm'));
    await waitFor(() => expect(api.callsTo('order/buyOptions')).toHaveLength(1));
    expect(api.callsTo('order/buyOptions')[0]?.body).toEqual({ quoteId: '2'.repeat(32) });
  });

  it("counts down on the server's clock, measured from the ticks it pushes, not the device's", async () => {
    // The server's clock runs 5 minutes ahead of this device's; its quote holds 20 s on its clock.
    const aheadMs = 300_000;
    mockApi(
      handlers({
        'POST order/quoteOptions': () => ok(optionQuote({ expiresAt: Date.now() + aheadMs + 20_000 })),
      }),
    );
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const ticket = await openOptions();
    fireEvent.click(within(ticket).getByTestId('options-quote'));
    const dialog = await screen.findByTestId('options-quote-dialog');
    act(() => applyQuoteBatch([{ ...quote, last: '95001.00', ts: Date.now() + aheadMs }]));
    await waitFor(() => expect(within(dialog).getByTestId('quote-countdown')).toHaveTextContent(/0:(20|19|18)/));
    resetServerClock();
  });

  it('offers a new quote when the server refuses the quote as expired (40061)', async () => {
    let quotes = 0;
    const api = mockApi(
      handlers({
        'POST order/quoteOptions': () => {
          quotes += 1;
          return ok(optionQuote({ quoteId: String(quotes).repeat(32) }));
        },
        'POST order/buyOptions': (call) =>
          (call.body as { quoteId: string }).quoteId === '1'.repeat(32)
            ? fail(40061, 'This quote has expired: ask for a new one')
            : ok(optionOrder(), { msg: 'Purchase successful', msgCode: 20004 }),
      }),
    );
    await renderApp('/market?type=crypto&id=11', { loggedIn: true });
    const ticket = await openOptions();
    fireEvent.click(within(ticket).getByTestId('options-quote'));
    const dialog = await screen.findByTestId('options-quote-dialog');
    fireEvent.click(within(dialog).getByTestId('quote-confirm'));
    expect(await within(dialog).findByTestId('quote-expired')).toBeInTheDocument();
    expect(within(dialog).getByTestId('quote-confirm')).toBeDisabled();
    fireEvent.click(within(dialog).getByTestId('quote-renew'));
    await waitFor(() => expect(within(dialog).queryByTestId('quote-expired')).toBeNull());
    fireEvent.click(within(dialog).getByTestId('quote-confirm'));
    await waitFor(() => expect(api.callsTo('order/buyOptions')).toHaveLength(2));
    expect(await screen.findByTestId('toast')).toHaveTextContent('bought: strike 95,000.50 (tick #4243)');
  });

  it('lists my options: open ones count down with their strike tick, settled ones show the settling tick, payout and result', async () => {
    const api = mockApi(
      handlers({
        'GET order/listOptionsOrder': (call) =>
          page(call.query.get('status') === 'open' ? [optionOrder()] : [settled()]),
        'GET index/getTick/*': (call) =>
          ok({
            id: Number(call.path.split('/').pop()),
            instrumentId: 11,
            code: 'BTCUSDT',
            ts: 1_700_000_300_400,
            bid: '95090.50',
            ask: '95110.50',
            last: '95100.50',
            source: 'sim',
            pinned: true,
          }),
        'GET order/getOptionsOrderById/*': () => ok(settled()),
      }),
    );
    await renderApp('/market?type=crypto', { loggedIn: true });
    const open = await screen.findByTestId('option-open-901');
    expect(within(open).getByTestId('option-countdown')).toHaveTextContent(/Expires in \u2066(5:0\d|4:5\d)/);
    expect(within(open).getByTestId('option-open-tick')).toHaveTextContent('#4243');
    expect(within(open).getByTestId('option-strike')).toHaveTextContent('95,000.50');

    const row = screen.getByTestId('option-settled-902');
    const plain = (el: HTMLElement) => el.textContent?.replace(/[\u2066-\u2069]/g, '');
    expect(plain(within(row).getByTestId('option-settle-price'))).toBe('95,100.50');
    expect(within(row).getByTestId('option-settle-tick')).toHaveTextContent('#5150');
    expect(within(row).getByTestId('option-settle-tick-at')).toHaveTextContent(/2023/);
    expect(plain(within(row).getByTestId('option-payout'))).toBe('4.891861 USDT');
    expect(plain(within(row).getByTestId('option-profit'))).toBe('-20.108139 USDT');
    expect(within(row).getByTestId('option-profit').className).toContain('change--down');
    // The settling tick as the market recorded it.
    fireEvent.click(within(row).getByTestId('option-settle-tick'));
    const trace = await within(row).findByTestId('option-tick-trace');
    expect(api.callsTo('index/getTick/5150')).toHaveLength(1);
    expect(within(trace).getByTestId('option-tick-last')).toHaveTextContent('95,100.50');
    expect(trace).toHaveTextContent('Recorded tick #5150');

    fireEvent.click(within(row).getByTestId('option-detail'));
    const detail = await screen.findByTestId('option-detail-dialog');
    expect(api.callsTo('order/getOptionsOrderById/902')).toHaveLength(1);
    expect(await within(detail).findByTestId('detail-settle-tick')).toHaveTextContent('#5150');
    expect(within(detail).getByTestId('detail-open-tick')).toHaveTextContent('#4243');
    expect(plain(within(detail).getByTestId('detail-payout'))).toBe('4.891861 USDT');
    expect(within(detail).getByTestId('detail-status')).toHaveTextContent('Settled');
  });

  it('asks again the moment an open option passes its expiry, until it has settled', async () => {
    const expiresAt = Date.now() + 1_200;
    let settledNow = false;
    const api = mockApi(
      handlers({
        'GET order/listOptionsOrder': (call) => {
          const open = call.query.get('status') === 'open';
          if (!settledNow) return page(open ? [optionOrder({ expiresAt })] : []);
          return page(open ? [] : [settled({ id: 901, expiresAt })]);
        },
      }),
    );
    await renderApp('/market?type=crypto', { loggedIn: true });
    const open = await screen.findByTestId('option-open-901');
    expect(within(open).getByTestId('option-countdown')).toHaveTextContent(/Expires in \u20660:0\d/);
    expect(await within(open).findByTestId('option-settling', {}, { timeout: 2_500 })).toBeInTheDocument();
    const before = api.callsTo('order/listOptionsOrder').length;
    await act(async () => {
      settledNow = true;
      await new Promise((r) => setTimeout(r, 2_500));
    });
    expect(api.callsTo('order/listOptionsOrder').length).toBeGreaterThan(before);
    expect(await screen.findByTestId('option-settled-901')).toBeInTheDocument();
    expect(screen.queryByTestId('option-open-901')).toBeNull();
  });
});
