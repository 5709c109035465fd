import { DAY_MS, planTerms } from '@openbourse/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from '@/shared/lib/format';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const gold = {
  id: 1,
  name: 'Gold plan',
  description: 'Pays the stated daily yield on the amount from the treasury.',
  currency: 'USDT',
  scale: 6,
  minAmount: '100',
  maxAmount: '10000',
  terms: [
    { days: 7, dailyYield: '0.008' },
    { days: 30, dailyYield: '0.0105' },
  ],
  maxPlans: 3,
  onePerUser: false,
  exitPenalty: '0.05',
  enabled: true,
};
const silver = {
  ...gold,
  id: 2,
  name: 'Silver plan',
  minAmount: '50',
  maxAmount: '500',
  terms: [{ days: 1, dailyYield: '0.003' }],
  onePerUser: true,
  exitPenalty: '0.1',
  enabled: false,
};
const treasury = [{ currency: 'USDT', available: '25000', reserved: '1234.5' }];
const products = (extra: Record<string, unknown> = {}) =>
  ok({ enabled: true, list: [gold, silver], treasury, ...extra });

const T0 = Date.UTC(2026, 10, 1, 8, 0);
const plan = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  productId: 1,
  productName: 'Gold plan',
  currency: 'USDT',
  amount: '1000',
  days: 7,
  dailyYield: '0.008',
  dailyIncome: '8',
  totalIncome: '56',
  exitPenalty: '0.05',
  status,
  paidDays: 2,
  income: '16',
  expectedToday: status === 'earning' ? '8' : '0',
  nextEarningAt: status === 'earning' ? Date.now() + 3 * 3_600_000 + 5 * 60_000 : null,
  startedAt: T0,
  maturesAt: T0 + 7 * DAY_MS,
  endedAt: status === 'earning' ? null : T0 + 2 * DAY_MS + 3_600_000,
  exitCost: '50',
  exitReturn: '950',
  ...extra,
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 10 });

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET index/listSmartProduct': () => products(),
    'GET order/listSmartOrder': () => page([]),
    ...extra,
  });
}

const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
const money = (v: string) => formatMoney(v, 'USDT', 'en').replace(/[\u2066-\u2069]/g, '');

function expectFigures(principal: string, days: number, dailyYield: string) {
  const terms = planTerms({
    principal,
    scale: 6,
    dailyYield,
    days,
    exitPenalty: gold.exitPenalty,
    startedAt: Date.now(),
  });
  const figure = (k: string) => plain(screen.getByTestId(`smart-figure-${k}`));
  expect(figure('dailyIncome')).toBe(money(terms.dailyIncome));
  expect(figure('totalIncome')).toBe(money(terms.totalIncome));
  expect(figure('totalReturn')).toBe(money(terms.totalReturn));
  expect(figure('exitCost')).toBe(money(terms.exitCost));
  expect(figure('exitReturn')).toBe(money(terms.exitReturn));
  return terms;
}

describe('smart trading page', () => {
  it('shows the products, their terms and yields, the treasury, and a product not enabled without a buy', async () => {
    handlers();
    await renderApp('/trading');
    const cards = await screen.findAllByTestId('smart-product-card');
    expect(cards).toHaveLength(2);
    const [g, s] = cards as [HTMLElement, HTMLElement];
    expect(g).toHaveTextContent('Gold plan');
    expect(g).toHaveTextContent('Pays the stated daily yield on the amount from the treasury.');
    expect(within(g).getByTestId('smart-product-yield-7')).toHaveTextContent('0.8%');
    expect(within(g).getByTestId('smart-product-yield-30')).toHaveTextContent('1.05%');
    expect(within(g).getByTestId('smart-product-terms')).toHaveTextContent('30 days');
    expect(plain(within(g).getByTestId('smart-product-range'))).toBe('100.00 USDT – 10,000.00 USDT');
    expect(within(g).getByTestId('smart-product-penalty')).toHaveTextContent('5%');
    expect(within(g).getByTestId('smart-product-max')).toHaveTextContent('3');
    expect(g).toHaveAttribute('data-enabled', 'true');
    expect(within(g).queryByTestId('smart-product-off')).toBeNull();
    expect(within(s).getByTestId('smart-product-off')).toHaveTextContent('Not enabled');
    expect(within(s).getByTestId('smart-product-max')).toHaveTextContent('One at a time');
    expect(within(s).getByTestId('smart-product-terms')).toHaveTextContent('1 day');
    const box = screen.getByTestId('smart-treasury');
    expect(box).toHaveTextContent('Treasury available to back new plans');
    expect(plain(within(box).getByTestId('smart-treasury-USDT'))).toContain('25,000.00 USDT');
    expect(plain(box)).toContain('1,234.50 USDT already set aside');
    // Logged out: the figures show, buying and the plans ask to log in.
    expect(screen.getByTestId('smart-calculator')).toBeInTheDocument();
    expect(screen.getByText('Log in to invest in a plan.')).toBeInTheDocument();
    expect(screen.getByText('Log in to see your plans and earnings.')).toBeInTheDocument();
    expect(screen.queryByTestId('smart-buy-submit')).toBeNull();

    // The disabled product: its figures, but no buy.
    sessionStore.logIn('test-token', demoUser);
    fireEvent.click(within(s).getByTestId('smart-product-choose'));
    expect(await screen.findByTestId('smart-buy-off')).toHaveTextContent(
      'Smart trading is not enabled for this product',
    );
    expect(screen.queryByTestId('smart-buy-submit')).toBeNull();
  });

  it('says when smart trading is switched off for everyone, and sells nothing', async () => {
    handlers({ 'GET index/listSmartProduct': () => products({ enabled: false }) });
    await renderApp('/trading', { loggedIn: true });
    expect(await screen.findByTestId('smart-off')).toHaveTextContent('Smart trading is not enabled right now');
    for (const card of screen.getAllByTestId('smart-product-card'))
      expect(card).toHaveAttribute('data-enabled', 'false');
    expect(screen.getByTestId('smart-buy-off')).toBeInTheDocument();
    expect(screen.queryByTestId('smart-buy-submit')).toBeNull();
  });

  it('computes the figures with planTerms as the amount, term and product change, and says when an amount is out of range', async () => {
    handlers();
    await renderApp('/trading');
    await screen.findByTestId('smart-calculator');
    expect(screen.getByTestId('smart-amount')).toHaveValue('100');
    expectFigures('100', 7, '0.008');
    fireEvent.change(screen.getByTestId('smart-amount'), { target: { value: '2345.67' } });
    fireEvent.click(screen.getByTestId('smart-term-30'));
    const terms = expectFigures('2345.67', 30, '0.0105');
    // 2345.67 × 1.05 % = 24.629535 a day, 738.88605 over 30 days; 5 % of it kept on exit.
    expect(terms.dailyIncome).toBe('24.629535');
    expect(plain(screen.getByTestId('smart-figure-totalIncome'))).toBe('738.88605 USDT');
    expect(plain(screen.getByTestId('smart-figure-totalReturn'))).toBe('3,084.55605 USDT');
    expect(plain(screen.getByTestId('smart-figure-exitCost'))).toBe('117.2835 USDT');
    expect(plain(screen.getByTestId('smart-figure-exitReturn'))).toBe('2,228.3865 USDT');
    expect(screen.getByTestId('smart-figure-dailyYield')).toHaveTextContent('1.05%');
    expect(screen.getByTestId('smart-calc-note')).toHaveTextContent('not a trading result');

    fireEvent.change(screen.getByTestId('smart-amount'), { target: { value: '10000.01' } });
    const field = screen.getByTestId('smart-amount').closest('.field') as HTMLElement;
    expect(await within(field).findByRole('alert')).toHaveTextContent('Enter an amount from');
    expect(screen.queryByTestId('smart-figures')).toBeNull();
    fireEvent.change(screen.getByTestId('smart-amount'), { target: { value: '100.1234567' } });
    expect(within(field).getByRole('alert')).toHaveTextContent('The investment amount is not valid');

    fireEvent.change(screen.getByTestId('smart-product'), { target: { value: '2' } });
    expect(screen.getByTestId('smart-amount')).toHaveValue('50');
    expect(plain(screen.getByTestId('smart-figure-dailyIncome'))).toBe('0.15 USDT');
  });

  it('restates the plan in a confirmation, buys it with the 20004 message, and lists it', async () => {
    let bought = false;
    const api = handlers({
      'POST order/buySmart': () => {
        bought = true;
        return ok(plan(77, 'earning', { paidDays: 0, income: '0' }), { msg: 'Purchase successful', msgCode: 20004 });
      },
      'GET order/listSmartOrder': (call) =>
        page(
          bought && call.query.get('status') === 'earning' ? [plan(77, 'earning', { paidDays: 0, income: '0' })] : [],
        ),
    });
    await renderApp('/trading', { loggedIn: true });
    await screen.findByTestId('smart-buy-submit');
    fireEvent.change(screen.getByTestId('smart-amount'), { target: { value: '1000' } });
    expect(plain(screen.getByTestId('smart-buy-summary'))).toBe(
      '1,000.00 USDT for 7 days: 56.00 USDT of income over the term, paid daily.',
    );
    fireEvent.click(screen.getByTestId('smart-buy-submit'));
    const dialog = await screen.findByTestId('smart-buy-dialog');
    const row = (k: string) => plain(within(dialog).getByTestId(`smart-buy-${k}`));
    expect(row('product')).toBe('Gold plan');
    expect(row('amount')).toBe('1,000.00 USDT');
    expect(row('term')).toBe('7 days');
    expect(row('dailyYield')).toBe('0.8%');
    expect(row('dailyIncome')).toBe('8.00 USDT');
    expect(row('totalIncome')).toBe('56.00 USDT');
    expect(row('totalReturn')).toBe('1,056.00 USDT');
    expect(row('exitCost')).toBe('50.00 USDT');
    expect(plain(within(dialog).getByText(/Early-exit penalty/))).toContain('5%');
    const matures = Date.now() + 7 * DAY_MS;
    expect(row('maturesAt').replace(/[\u2068\u2069]/g, '')).toBe(formatDateTime(new Date(matures).toISOString(), 'en'));
    expect(plain(within(dialog).getByTestId('smart-buy-text'))).toContain('Leaving early keeps 5% of it (50.00 USDT)');
    expect(api.callsTo('order/buySmart')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('smart-buy-confirm'));
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('smart-buy-dialog')).toBeNull());
    expect(api.callsTo('order/buySmart')[0]?.body).toEqual({ productId: 1, days: 7, amount: '1000' });
    expect(await screen.findByTestId('smart-plan')).toHaveAttribute('data-status', 'earning');
  });

  it('shows the server’s refusal, translated, in the confirmation', async () => {
    handlers({ 'POST order/buySmart': () => fail(10011, 'Insufficient balance. Please deposit first') });
    await renderApp('/trading', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('smart-buy-submit'));
    const dialog = await screen.findByTestId('smart-buy-dialog');
    fireEvent.click(within(dialog).getByTestId('smart-buy-confirm'));
    expect(await within(dialog).findByTestId('smart-buy-error')).toHaveTextContent(
      'Insufficient balance. Please deposit first',
    );
  });

  it('falls back to the catalogue text when the server answers a code without a message', async () => {
    handlers({ 'POST order/buySmart': () => fail(80001, '') });
    await renderApp('/trading', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('smart-buy-submit'));
    const dialog = await screen.findByTestId('smart-buy-dialog');
    fireEvent.click(within(dialog).getByTestId('smart-buy-confirm'));
    expect(await within(dialog).findByTestId('smart-buy-error')).toHaveTextContent(
      'You have reached the maximum number of smart trading plans',
    );
  });

  it('will not sell a plan whose yield the treasury cannot back', async () => {
    const api = handlers({
      'GET index/listSmartProduct': () =>
        products({ treasury: [{ currency: 'USDT', available: '50', reserved: '0' }] }),
    });
    await renderApp('/trading', { loggedIn: true });
    await screen.findByTestId('smart-buy-submit');
    expect(screen.queryByTestId('smart-buy-treasury')).toBeNull();
    fireEvent.change(screen.getByTestId('smart-amount'), { target: { value: '1000' } });
    expect(await screen.findByTestId('smart-buy-treasury')).toHaveTextContent('the treasury cannot cover its yield');
    expect(screen.getByTestId('smart-buy-submit')).toBeDisabled();
    expect(api.callsTo('order/buySmart')).toHaveLength(0);
  });

  it('refuses the demo account in the page and switches to the real one in one click', async () => {
    const api = handlers();
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/trading', { loggedIn: true });
    expect(await screen.findByTestId('demo-notice')).toHaveTextContent('not available in the demo account');
    fireEvent.click(await screen.findByTestId('smart-buy-submit'));
    const refusal = await screen.findByTestId('smart-buy-demo');
    expect(refusal).toHaveTextContent('Please switch to the real account');
    expect(screen.queryByTestId('smart-buy-dialog')).toBeNull();
    fireEvent.click(within(refusal).getByTestId('smart-buy-switch'));
    await waitFor(() => expect(sessionStore.getState().accountMode).toBe(REAL_ACCOUNT));
    expect(screen.queryByTestId('smart-buy-demo')).toBeNull();
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    fireEvent.click(screen.getByTestId('smart-buy-submit'));
    expect(await screen.findByTestId('smart-buy-dialog')).toBeInTheDocument();
    expect(api.callsTo('order/buySmart')).toHaveLength(0);
  });

  it('keeps the countdown within the day when the device clock is behind the server’s', async () => {
    handlers({
      'GET order/listSmartOrder': (call) =>
        page(
          call.query.get('status') === 'earning'
            ? [plan(7, 'earning', { nextEarningAt: Date.now() + 3 * DAY_MS })]
            : [],
        ),
    });
    await renderApp('/trading', { loggedIn: true });
    expect(plain(await screen.findByTestId('smart-plan-countdown'))).toMatch(/^in 23:59:5\d$/);
  });

  it('lists the plans by state with their live figures, and exits one after showing the penalty and the return', async () => {
    let exited = false;
    const api = handlers({
      'GET order/listSmartOrder': (call) => {
        const status = call.query.get('status');
        if (status === 'earning') return page(exited ? [] : [plan(7, 'earning')]);
        if (status === 'exited') return page(exited ? [plan(7, 'exited')] : []);
        return page([plan(5, 'shared', { paidDays: 7, income: '56', exitCost: '0', exitReturn: '1000' })]);
      },
      'POST order/exitSmart': () => {
        if (!exited) {
          exited = true;
          return fail(40060, 'This plan is no longer earning and cannot be exited');
        }
        return ok(plan(7, 'exited'));
      },
    });
    await renderApp('/trading', { loggedIn: true });
    const card = await screen.findByTestId('smart-plan');
    expect(card).toHaveAttribute('data-status', 'earning');
    const cell = (k: string) => plain(within(card).getByTestId(`smart-plan-${k}`));
    expect(within(card).getByTestId('smart-plan-status')).toHaveTextContent('Earning');
    expect(cell('amount')).toBe('1,000.00 USDT');
    expect(cell('term')).toBe('7 days');
    expect(cell('dailyYield')).toBe('0.8%');
    expect(cell('income')).toBe('16.00 USDT');
    expect(cell('expectedToday')).toBe('8.00 USDT');
    expect(cell('paidDays')).toBe('2 / 7');
    expect(plain(within(card).getByTestId('smart-plan-countdown'))).toMatch(/^in 03:0[45]:\d\d$/);

    fireEvent.click(within(card).getByTestId('smart-plan-exit'));
    const dialog = await screen.findByTestId('smart-exit-dialog');
    const row = (k: string) => plain(within(dialog).getByTestId(`smart-exit-${k}`));
    expect(row('penalty')).toBe('5%');
    expect(row('cost')).toBe('50.00 USDT');
    expect(row('return')).toBe('950.00 USDT');
    expect(row('income')).toBe('16.00 USDT');
    expect(plain(within(dialog).getByTestId('smart-exit-text'))).toContain(
      'keeps 50.00 USDT as the penalty and returns 950.00 USDT',
    );
    // The first try is refused (40060), said in the dialog; the second goes through.
    fireEvent.click(within(dialog).getByTestId('smart-exit-confirm'));
    expect(await within(dialog).findByTestId('smart-exit-error')).toHaveTextContent('no longer earning');
    fireEvent.click(within(dialog).getByTestId('smart-exit-confirm'));
    await waitFor(() => expect(screen.queryByTestId('smart-exit-dialog')).toBeNull());
    expect(api.callsTo('order/exitSmart').map((c) => c.body)).toEqual([{ id: 7 }, { id: 7 }]);
    expect(await screen.findByText('You have no earning plans')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('smart-tab-exited'));
    const gone = await screen.findByTestId('smart-plan');
    expect(gone).toHaveAttribute('data-status', 'exited');
    expect(plain(within(gone).getByTestId('smart-plan-exitCost'))).toBe('50.00 USDT');
    expect(plain(within(gone).getByTestId('smart-plan-exitReturn'))).toBe('950.00 USDT');
    expect(within(gone).queryByTestId('smart-plan-exit')).toBeNull();

    fireEvent.click(screen.getByTestId('smart-tab-shared'));
    await waitFor(() => expect(screen.getByTestId('smart-plan')).toHaveAttribute('data-status', 'shared'));
    expect(plain(screen.getByTestId('smart-plan-paidDays'))).toBe('7 / 7');
    expect(api.callsTo('order/listSmartOrder').map((c) => c.query.get('status'))).toEqual(
      expect.arrayContaining(['earning', 'exited', 'shared']),
    );
  });
});
