import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

vi.mock('./price-chart', () => ({ default: () => <div data-testid="chart" /> }));

const account = (balance: string) => ({
  mode: 'real',
  currency: 'USDT',
  balance,
  equity: balance,
  usedMargin: '0',
  orderMargin: '0',
  freeMargin: balance,
  openProfit: '0',
  marginLevel: null,
  stopOutLevel: '0.5',
});
const handlers = (balance: string) => ({
  ...baseHandlers,
  'GET index/getParamByKey/demo_initial_balance': () => ok({ paramKey: 'demo_initial_balance', paramValue: '100000' }),
  'GET index/listMarketByType': () => ok([]),
  'GET order/listUOrder': () => ok({ list: [], total: 0, page: 1, size: 50 }),
  'GET order/getMarginAccount': () => ok(account(balance)),
});

describe('demo offer', () => {
  afterEach(() => sessionStorage.clear());

  it('offers the demo account to a newcomer whose real account is empty, and switches to it', async () => {
    sessionStore.setAccountMode(REAL_ACCOUNT);
    mockApi(handlers('0.000000'));
    await renderApp('/market?type=crypto', { loggedIn: true });
    const offer = await screen.findByTestId('demo-offer', {}, { timeout: 10_000 });
    await waitFor(() => expect(offer).toHaveTextContent('100,000.00 USDT'));
    fireEvent.click(screen.getByTestId('demo-offer-switch'));
    expect(sessionStore.getState().accountMode).toBe(DEMO_ACCOUNT);
    await waitFor(() => expect(screen.queryByTestId('demo-offer')).toBeNull());
  }, 20_000); // the first render loads the lazy market route

  it('stays away once the real account has money, or after "Not now"', async () => {
    sessionStore.setAccountMode(REAL_ACCOUNT);
    mockApi(handlers('25.5'));
    const first = await renderApp('/market?type=crypto', { loggedIn: true });
    await screen.findByTestId('positions');
    await waitFor(() => expect(screen.queryByTestId('demo-offer')).toBeNull());
    first.unmount();

    mockApi(handlers('0'));
    const second = await renderApp('/market?type=crypto', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('demo-offer-dismiss'));
    expect(screen.queryByTestId('demo-offer')).toBeNull();
    second.unmount();
    await renderApp('/market?type=crypto', { loggedIn: true });
    await screen.findByTestId('positions');
    expect(screen.queryByTestId('demo-offer')).toBeNull();
  });
});
