import { DAY_MS, loanTerms } from '@openbourse/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatMoney } from '@/shared/lib/format';
import { DEMO_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

/** signature_pad draws on a 2D canvas jsdom has not got: a stand-in the test "signs" on. */
const pad = vi.hoisted(() => ({ ink: false, listeners: [] as (() => void)[] }));
vi.mock('signature_pad', () => ({
  default: class {
    addEventListener(_type: string, fn: () => void) {
      pad.listeners.push(fn);
    }
    removeEventListener() {}
    isEmpty() {
      return !pad.ink;
    }
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
    clear() {
      pad.ink = false;
    }
    off() {}
    toData() {
      return [];
    }
    fromData() {}
  },
}));
const sign = () =>
  act(() => {
    pad.ink = true;
    for (const fn of pad.listeners) fn();
  });

const quick = {
  id: 1,
  name: 'Quick loan',
  currency: 'USDT',
  scale: 6,
  minAmount: '100',
  maxAmount: '5000',
  termDays: [7, 30],
  dailyRate: '0.0005',
  freeDays: 3,
  maxActive: 2,
  kycFrom: '1000',
};
const long = {
  ...quick,
  id: 2,
  name: 'Long loan',
  minAmount: '1000',
  maxAmount: '20000',
  termDays: [90, 180],
  dailyRate: '0.00035',
  freeDays: 0,
  kycFrom: '0',
};

const T0 = Date.UTC(2026, 10, 1, 8, 0);
const record = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  productId: 1,
  productName: 'Quick loan',
  currency: 'USDT',
  principal: '1000',
  termDays: 30,
  dailyRate: '0.0005',
  freeDays: 3,
  dailyInterest: '0.5',
  totalInterest: '13.5',
  totalRepayment: '1013.5',
  status,
  signed: true,
  reason: null,
  appliedAt: T0,
  decidedAt: status === 'pending' ? null : T0 + 3_600_000,
  drawnAt: status === 'pending' || status === 'rejected' ? null : T0 + 3_600_000,
  dueAt: status === 'pending' || status === 'rejected' ? null : T0 + 3_600_000 + 30 * DAY_MS,
  repaidAt: null,
  accruedDays: 5,
  interestAccrued: '2.5',
  owed: '1002.5',
  repaidAmount: null,
  ...extra,
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 10 });

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET index/listLoanProduct': () => ok({ list: [quick, long] }),
    'GET user/listLoanRecord': () => page([]),
    ...extra,
  });
}

const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
const money = (v: string) => formatMoney(v, 'USDT', 'en').replace(/[\u2066-\u2069]/g, '');

function expectFigures(principal: string, product: typeof quick, termDays: number) {
  const terms = loanTerms({
    principal,
    scale: product.scale,
    dailyRate: product.dailyRate,
    termDays,
    freeDays: product.freeDays,
    drawnAt: Date.now(),
  });
  const figure = (k: string) => plain(screen.getByTestId(`loan-figure-${k}`));
  expect(figure('dailyInterest')).toBe(money(terms.dailyInterest));
  expect(figure('totalInterest')).toBe(money(terms.totalInterest));
  expect(figure('repaymentAmount')).toBe(money(terms.repaymentAmount));
  expect(figure('totalRepayment')).toBe(money(terms.totalRepayment));
  expect(figure('repaymentDate')).toBe(formatDate(new Date(terms.repaymentDate).toISOString(), 'en'));
  expect(figure('freeDays')).toBe(String(product.freeDays));
  return terms;
}

beforeEach(() => {
  pad.ink = false;
  pad.listeners.length = 0;
});

describe('loan page', () => {
  it('shows the products and the calculator to a visitor, and asks to log in to borrow', async () => {
    handlers();
    await renderApp('/loan');
    const cards = await screen.findAllByTestId('loan-product-card');
    expect(cards).toHaveLength(2);
    expect(plain(within(cards[0] as HTMLElement).getByTestId('loan-product-range'))).toBe(
      '100.00 USDT – 5,000.00 USDT',
    );
    expect(within(cards[0] as HTMLElement).getByTestId('loan-product-rate')).toHaveTextContent('0.05%');
    expect(cards[0]).toHaveTextContent('Identity verification from');
    expect(cards[1]).toHaveTextContent('Identity verification required');
    // The calculator starts at the first product's minimum and first term.
    expect(screen.getByTestId('loan-amount')).toHaveValue('100');
    expectFigures('100', quick, 7);
    expect(screen.getByTestId('loan-figure-dailyRate')).toHaveTextContent('0.05%');
    expect(screen.getByText('Log in to apply for a loan.')).toBeInTheDocument();
    expect(screen.queryByTestId('loan-apply')).toBeNull();
    expect(screen.queryByTestId('loan-list')).toBeNull();
  });

  it('computes the figures with loanTerms as the amount, term and product change, and says when an amount is out of range', async () => {
    handlers();
    await renderApp('/loan');
    await screen.findByTestId('loan-calculator');
    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '2345.67' } });
    fireEvent.click(screen.getByTestId('loan-term-30'));
    const terms = expectFigures('2345.67', quick, 30);
    // 2345.67 × 0.0005 = 1.172835 a day, for 27 of the 30 days.
    expect(terms.totalInterest).toBe('31.666545');

    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '5000.01' } });
    const field = screen.getByTestId('loan-amount').closest('.field') as HTMLElement;
    expect(await within(field).findByRole('alert')).toHaveTextContent('Enter an amount from');
    expect(screen.queryByTestId('loan-figures')).toBeNull();

    // Another product from its card: its minimum, its first term, its figures.
    fireEvent.click(
      within(screen.getAllByTestId('loan-product-card')[1] as HTMLElement).getByTestId('loan-product-choose'),
    );
    expect(screen.getByTestId('loan-amount')).toHaveValue('1000');
    expectFigures('1000', long, 90);
    expect(screen.getByTestId('loan-figure-freeDays')).toHaveTextContent('0');
  });

  it('asks for identity verification when the amount needs it', async () => {
    handlers();
    await renderApp('/loan', { loggedIn: true });
    expect(await screen.findByTestId('loan-kyc-card')).toHaveTextContent('Not verified');
    expect(screen.getByTestId('loan-kyc-link')).toHaveAttribute('href', '/profile/verify');
    await screen.findByTestId('loan-calculator');
    expect(screen.queryByTestId('loan-kyc-prompt')).toBeNull();
    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '1000' } });
    expect(plain(await screen.findByTestId('loan-kyc-prompt'))).toContain(
      'Loans of 1,000.00 USDT or more need a verified identity',
    );
    expect(screen.getByTestId('loan-kyc-prompt-link')).toHaveAttribute('href', '/profile/verify');
  });

  it('will not send an unsigned or unticked agreement; signed and ticked, it sends the application', async () => {
    let applied = false;
    const api = handlers({
      'POST user/getUserInfo': () => ok({ ...demoUser, kycStatus: 'verified' }),
      'POST user/loan': () => {
        applied = true;
        return ok(record(41, 'pending'), { msg: 'Submitted for review', msgCode: 20001 });
      },
      'GET user/listLoanRecord': () => page(applied ? [record(41, 'pending')] : []),
    });
    await renderApp('/loan', { loggedIn: true });
    const agreement = await screen.findByTestId('loan-agreement');
    expect(agreement).toHaveTextContent('Loan agreement');
    expect(agreement).toHaveTextContent('between the lender, OpenBourse, and the borrower, demo');
    expect(plain(screen.getByTestId('loan-agreement-principal'))).toContain('principal of 100.00 USDT');
    await waitFor(() => expect(screen.getByTestId('loan-kyc-card')).toHaveTextContent('Verified'));

    fireEvent.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-signature-error')).toHaveTextContent(
      'Please sign the agreement before submitting',
    );
    expect(screen.getByTestId('loan-agree-error')).toHaveTextContent('Not signed');
    expect(api.callsTo('user/loan')).toHaveLength(0);

    // Signed but not ticked: still not sent.
    sign();
    await waitFor(() => expect(screen.queryByTestId('loan-signature-error')).toBeNull());
    fireEvent.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-agree-error')).toBeInTheDocument();
    expect(api.callsTo('user/loan')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '250.5' } });
    fireEvent.click(screen.getByTestId('loan-term-30'));
    fireEvent.click(screen.getByTestId('loan-agree'));
    fireEvent.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(api.callsTo('user/loan')[0]?.body).toEqual({
      productId: 1,
      amount: '250.5',
      termDays: 30,
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      agreed: true,
    });
    expect(await screen.findByTestId('loan-row')).toHaveAttribute('data-status', 'pending');
    expect((screen.getByTestId('loan-agree') as HTMLInputElement).checked).toBe(false);
  });

  it('offers the verification when the server answers 10022', async () => {
    handlers({ 'POST user/loan': () => fail(10022, 'Please complete identity (KYC) verification first') });
    await renderApp('/loan', { loggedIn: true });
    await screen.findByTestId('loan-apply');
    sign();
    fireEvent.click(screen.getByTestId('loan-agree'));
    fireEvent.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-apply-error')).toHaveTextContent(
      'Please complete identity (KYC) verification first',
    );
    expect(screen.getByTestId('loan-apply-kyc')).toHaveAttribute('href', '/profile/verify');
  });

  it('lists the loans with their figures and schedule, and repays one after confirming the amount', async () => {
    let repaid = false;
    const api = handlers({
      'GET user/listLoanRecord': () =>
        page([
          repaid
            ? record(7, 'repaid', { owed: '0', repaidAt: T0 + 6 * DAY_MS, repaidAmount: '1002.5' })
            : record(7, 'repaying'),
          record(8, 'rejected', { reason: 'Income could not be confirmed', signed: false }),
          record(9, 'pending'),
        ]),
      'POST user/approveBack': () => {
        if (!repaid) {
          repaid = true;
          return fail(10011, 'Insufficient balance. Please deposit first');
        }
        return ok(record(7, 'repaid'));
      },
    });
    await renderApp('/loan', { loggedIn: true });
    const rows = await screen.findAllByTestId('loan-row');
    const [active, rejected, pending] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(active).getByTestId('loan-row-status')).toHaveTextContent('In repayment');
    expect(plain(within(active).getByTestId('loan-row-principal'))).toBe('1,000.00 USDT');
    expect(plain(within(active).getByTestId('loan-row-accrued'))).toBe('2.50 USDT');
    expect(plain(within(active).getByTestId('loan-row-owed'))).toBe('1,002.50 USDT');
    expect(within(active).getByTestId('loan-row-schedule')).toHaveTextContent('Interest-free until');
    expect(within(active).getByTestId('loan-row-schedule')).toHaveTextContent('(day 3)');
    expect(within(active).getByTestId('loan-row-agreement')).toBeInTheDocument();
    expect(within(rejected).getByTestId('loan-row-reason')).toHaveTextContent('Income could not be confirmed');
    expect(within(rejected).queryByTestId('loan-row-repay')).toBeNull();
    expect(within(rejected).queryByTestId('loan-row-agreement')).toBeNull();
    expect(within(pending).getByTestId('loan-row-schedule')).toHaveTextContent(
      'No interest for the first 3 days after payout',
    );
    expect(within(pending).queryByTestId('loan-row-repay')).toBeNull();

    fireEvent.click(within(active).getByTestId('loan-row-repay'));
    const dialog = await screen.findByTestId('loan-repay-dialog');
    expect(plain(within(dialog).getByTestId('loan-repay-amount'))).toBe('1,002.50 USDT');
    // The first try: not enough balance, said in the dialog.
    fireEvent.click(within(dialog).getByTestId('loan-repay-confirm'));
    expect(await within(dialog).findByTestId('loan-repay-error')).toHaveTextContent('Insufficient balance');
    fireEvent.click(within(dialog).getByTestId('loan-repay-confirm'));
    await waitFor(() => expect(screen.queryByTestId('loan-repay-dialog')).toBeNull());
    expect(api.callsTo('user/approveBack').map((c) => c.body)).toEqual([{ id: 7 }, { id: 7 }]);
    await waitFor(() => expect(screen.getAllByTestId('loan-row')[0]).toHaveAttribute('data-status', 'repaid'));
  });

  it('opens the signed agreement PDF with the session token', async () => {
    const api = handlers({
      'GET user/listLoanRecord': () => page([record(7, 'repaying')]),
      'GET user/loanAgreement/7': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    });
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/agreement');
    URL.revokeObjectURL = vi.fn();
    await renderApp('/loan', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('loan-row-agreement'));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/agreement'));
    expect(api.callsTo('user/loanAgreement/7')[0]?.headers.Authorization).toBe('test-token');
    expect(tab.opener).toBeNull();
  });

  it('tells the demo account that loans are the real account’s', async () => {
    handlers();
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/loan', { loggedIn: true });
    await screen.findByTestId('loan-calculator');
    expect(screen.getByTestId('demo-notice')).toHaveTextContent('not available in the demo account');
    expect(screen.queryByTestId('loan-apply')).toBeNull();
  });
});
