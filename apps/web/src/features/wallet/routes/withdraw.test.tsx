import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type Handler, mockApi, ok, type RecordedCall } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';

const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const PAYOUT_HASH = `0x${'d'.repeat(60)}beef`;

const networks = [
  { currency: 'USDT', network: 'TRC20', scale: 6, feeRate: '0.005', minWithdraw: '10', dailyLimit: '10000' },
  { currency: 'USDT', network: 'ERC20', scale: 6, feeRate: '0.01', minWithdraw: '20', dailyLimit: '10000' },
  { currency: 'BTC', network: 'BTC', scale: 8, feeRate: '0.001', minWithdraw: '0.001', dailyLimit: '2' },
  { currency: 'USDT', network: 'BANK', scale: 6, feeRate: '0.01', minWithdraw: '50', dailyLimit: '20000' },
];

/** The server's quote, in exact decimal strings: 0.5 % on TRC20 (1 % elsewhere), 1,000 available. */
function quote(call: RecordedCall) {
  const network = call.query.get('network') ?? '';
  const amount = call.query.get('amount');
  const terms = networks.find((n) => n.network === network);
  const fees: Record<string, [string, string]> = {
    '100': ['0.5', '100.5'],
    '995.024875': ['4.975125', '1000'],
    '1000': ['5', '1005'],
    '60': ['0.6', '60.6'],
  };
  const [fee, total] = amount ? (fees[amount] ?? ['1', amount]) : [null, null];
  return ok({
    currency: terms?.currency ?? 'USDT',
    network,
    feeRate: terms?.feeRate ?? '0.01',
    minWithdraw: terms?.minWithdraw ?? '10',
    dailyLimit: terms?.dailyLimit ?? '10000',
    usedToday: '2500',
    available: '1000',
    amount,
    fee,
    total,
    received: amount,
  });
}

const withdrawal = (
  id: number,
  status: 'pending' | 'success' | 'rejected',
  extra: Partial<Record<string, unknown>> = {},
) => ({
  id,
  method: 'crypto',
  currency: 'USDT',
  network: 'TRC20',
  address: TRON_ADDRESS,
  bankHolder: null,
  bankAccount: null,
  bankType: null,
  amount: '100',
  fee: '0.5',
  status,
  reason: null,
  payoutRef: null,
  createdAt: Date.UTC(2026, 10, 20, 9, 30) - id * 60_000,
  decidedAt: status === 'pending' ? null : Date.UTC(2026, 10, 21, 9, 30),
  ...extra,
});

const page = (list: unknown[], pageNo = 1, total = list.length, size = 10) => ok({ list, total, page: pageNo, size });
/** Figures are isolated left to right (bidi marks): compare their characters. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET user/listWithdrawalNetworks': () => ok({ list: networks }),
    'GET user/withdrawalQuote': quote,
    'GET user/listWithdrwal': () => page([]),
    'GET twofactor/status': () => ok({ methods: [], totp: false, passkeys: [], recoveryCodesLeft: 0 }),
    ...extra,
  });
}

async function fillCrypto(amount = '100') {
  fireEvent.change(await screen.findByTestId('withdraw-address'), { target: { value: TRON_ADDRESS } });
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('withdraw-txPassword'), { target: { value: '123456' } });
}

describe('withdraw page', () => {
  it('asks for the second factor once the user has one, and sends it as the proof', async () => {
    const api = handlers({
      'GET twofactor/status': () =>
        ok({ methods: ['totp', 'recovery'], totp: true, passkeys: [], recoveryCodesLeft: 10 }),
      'POST user/withdrawal': () =>
        ok(withdrawal(6, 'pending'), { msg: 'Withdrawal submitted for review', msgCode: 20003 }),
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    await fillCrypto('100');
    const code = await screen.findByTestId('withdraw-proof-code');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText(/Confirm with your second factor/)).toBeInTheDocument();
    expect(api.callsTo('user/withdrawal')).toHaveLength(0);
    // A recovery code instead of the app's code.
    fireEvent.click(screen.getByTestId('withdraw-proof-use-recovery'));
    fireEvent.change(screen.getByTestId('withdraw-proof-code'), { target: { value: 'abcde-fghjk' } });
    expect(code).toHaveValue('abcde-fghjk');
    expect(screen.getByLabelText('Recovery code')).toBe(code);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(within(await screen.findByTestId('withdraw-confirm')).getByTestId('withdraw-confirm-submit'));
    expect(await screen.findByText('Withdrawal submitted for review')).toBeInTheDocument();
    expect(api.callsTo('user/withdrawal')[0]?.body).toMatchObject({
      txPassword: '123456',
      proof: { method: 'recovery', code: 'abcde-fghjk' },
    });
  }, 15_000);

  it('quotes the amount before confirming, repeats it in the dialog, and sends the withdrawal', async () => {
    let asked = false;
    const api = handlers({
      'POST user/withdrawal': () => {
        asked = true;
        return ok(withdrawal(5, 'pending'), { msg: 'Withdrawal submitted for review', msgCode: 20003 });
      },
      'GET user/listWithdrwal': () => page(asked ? [withdrawal(5, 'pending')] : []),
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    expect(await screen.findByTestId('withdraw-coin-USDT')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Withdraw');
    expect(screen.getByTestId('withdraw-network-TRC20')).toHaveAttribute('aria-pressed', 'true');
    // BANK is a method of its own, not a network to pick.
    expect(screen.queryByTestId('withdraw-network-BANK')).toBeNull();
    expect(screen.getByTestId('withdraw-address')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('withdraw-txPassword')).toHaveAttribute('type', 'password');

    // The terms before any amount: rate, minimum, today's limit left, the balance.
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-available'))).toBe('1,000.00 USDT'));
    expect(screen.getByTestId('withdraw-quote-feeRate')).toHaveTextContent('0.5%');
    expect(text(screen.getByTestId('withdraw-quote-minimum'))).toBe('10.00 USDT');
    expect(text(screen.getByTestId('withdraw-quote-limitLeft'))).toBe('7,500.00 USDT');
    expect(screen.getByTestId('withdraw-quote-fee')).toHaveTextContent('—');

    await fillCrypto('100');
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-fee'))).toBe('0.50 USDT'));
    expect(text(screen.getByTestId('withdraw-quote-total'))).toBe('100.50 USDT');
    expect(text(screen.getByTestId('withdraw-quote-received'))).toBe('100.00 USDT');
    expect(api.callsTo('user/withdrawalQuote').some((c) => c.query.get('amount') === '100')).toBe(true);
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();

    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(within(dialog).getByTestId('withdraw-confirm-address')).toHaveTextContent(TRON_ADDRESS);
    expect(within(dialog).getByTestId('withdraw-confirm-address')).toHaveAttribute('dir', 'ltr');
    expect(dialog).toHaveTextContent('USDT · TRC20');
    expect(text(within(dialog).getByTestId('withdraw-confirm-quote-fee'))).toBe('0.50 USDT');
    expect(text(within(dialog).getByTestId('withdraw-confirm-quote-total'))).toBe('100.50 USDT');
    expect(text(within(dialog).getByTestId('withdraw-confirm-quote-received'))).toBe('100.00 USDT');
    expect(api.callsTo('user/withdrawal')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('withdraw-confirm-submit'));
    expect(await screen.findByText('Withdrawal submitted for review')).toBeInTheDocument();
    expect(api.callsTo('user/withdrawal')[0]?.body).toEqual({
      method: 'crypto',
      currency: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '100',
      txPassword: '123456',
    });
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('');
    expect(await screen.findByTestId('withdraw-row')).toHaveAttribute('data-status', 'pending');
  });

  it('fills in the most the balance covers with the fee, exactly', async () => {
    handlers();
    await renderApp('/profile/withdraw', { loggedIn: true });
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-available'))).toBe('1,000.00 USDT'));
    fireEvent.click(screen.getByTestId('withdraw-max'));
    // 1,000 at 0.5 %: 995.024875 + 4.975125 (rounded up) = 1,000.
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('995.024875');
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-total'))).toBe('1,000.00 USDT'));
  });

  it('says what the quote refuses before confirming (more than the balance)', async () => {
    const api = handlers();
    await renderApp('/profile/withdraw', { loggedIn: true });
    await fillCrypto('1000');
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-total'))).toBe('1,005.00 USDT'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const amountField = screen.getByTestId('withdraw-amount').closest('.field') as HTMLElement;
    expect(await within(amountField).findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(api.callsTo('user/withdrawal')).toHaveLength(0);
  });

  it('says when the quote cannot be had, with a retry, and confirms nothing without it', async () => {
    let up = false;
    handlers({
      'GET user/withdrawalQuote': (c) => (up ? quote(c) : fail(500, 'The service is busy, please try later')),
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    const failed = await screen.findByTestId('withdraw-quote-error');
    expect(failed).toHaveTextContent('The service is busy');
    await fillCrypto('100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(screen.getByTestId('withdraw-submit')).not.toHaveAttribute('aria-busy', 'true');
    up = true;
    fireEvent.click(within(screen.getByTestId('withdraw-quote-error')).getByRole('button'));
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-fee'))).toBe('0.50 USDT'));
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-confirm')).toBeInTheDocument();
  });

  it("shows the server's refusal on its field (40041 on the address)", async () => {
    handlers({
      'POST user/withdrawal': () =>
        fail(40041, 'This is not a TRC20 address', { field: 'address', params: { network: 'TRC20' } }),
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    await fillCrypto('100');
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-fee'))).toBe('0.50 USDT'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(within(await screen.findByTestId('withdraw-confirm')).getByTestId('withdraw-confirm-submit'));
    const addressField = screen.getByTestId('withdraw-address').closest('.field') as HTMLElement;
    expect(await within(addressField).findByRole('alert')).toHaveTextContent('This is not a TRC20 address');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    // What was typed stays to be corrected.
    expect(screen.getByTestId('withdraw-address')).toHaveValue(TRON_ADDRESS);
  });

  it('requires every bank field before sending, then sends a bank withdrawal', async () => {
    const api = handlers({
      'POST user/withdrawal': () => ok(withdrawal(9, 'pending'), { msg: 'Withdrawal submitted' }),
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('withdraw-method-bank'));
    expect(screen.getByTestId('withdraw-method-bank')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('withdraw-address')).toBeNull();
    expect(screen.getByTestId('withdraw-bankAccount')).toHaveAttribute('dir', 'ltr');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('withdraw-txPassword'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    for (const name of ['bankHolder', 'bankAccount', 'bankType']) {
      const field = screen.getByTestId(`withdraw-${name}`).closest('.field') as HTMLElement;
      expect(await within(field).findByRole('alert')).toHaveTextContent('Please fill in the bank holder name');
    }
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();

    fireEvent.change(screen.getByTestId('withdraw-bankHolder'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByTestId('withdraw-bankAccount'), { target: { value: 'DE89370400440532013000' } });
    fireEvent.change(screen.getByTestId('withdraw-bankType'), { target: { value: 'Commerzbank' } });
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-fee'))).toBe('0.60 USDT'));
    expect(api.callsTo('user/withdrawalQuote').some((c) => c.query.get('network') === 'BANK')).toBe(true);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(within(dialog).getByTestId('withdraw-confirm-holder')).toHaveTextContent('Ada Lovelace');
    expect(within(dialog).getByTestId('withdraw-confirm-account')).toHaveTextContent('•••• 3000');
    fireEvent.click(within(dialog).getByTestId('withdraw-confirm-submit'));
    await waitFor(() => expect(api.callsTo('user/withdrawal')).toHaveLength(1));
    expect(api.callsTo('user/withdrawal')[0]?.body).toEqual({
      method: 'bank',
      currency: 'USDT',
      bankHolder: 'Ada Lovelace',
      bankAccount: 'DE89370400440532013000',
      bankType: 'Commerzbank',
      amount: '60',
      txPassword: '123456',
    });
  });

  it('without a withdrawal password (40006) shows the message with the link to set it', async () => {
    handlers({
      'POST user/withdrawal': () => fail(40006, 'Please set a withdrawal password first', { field: 'txPassword' }),
    });
    const { router } = await renderApp('/profile/withdraw', { loggedIn: true });
    await fillCrypto('100');
    await waitFor(() => expect(text(screen.getByTestId('withdraw-quote-fee'))).toBe('0.50 USDT'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(within(await screen.findByTestId('withdraw-confirm')).getByTestId('withdraw-confirm-submit'));
    const passwordField = screen.getByTestId('withdraw-txPassword').closest('.field') as HTMLElement;
    expect(await within(passwordField).findByRole('alert')).toHaveTextContent('Please set a withdrawal password first');
    const link = screen.getByTestId('withdraw-set-password');
    expect(link).toHaveAttribute('href', '/profile/info');
    expect(link).toHaveTextContent('Set your withdrawal password');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/info'));
  });

  it('tells the demo account that withdrawals come from the real account, with the switch', async () => {
    handlers();
    sessionStore.setAccountMode(DEMO_ACCOUNT);
    await renderApp('/profile/withdraw', { loggedIn: true });
    expect(await screen.findByTestId('withdraw-demo')).toHaveTextContent('Withdrawals come from your real account');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-switch-real'));
    await waitFor(() => expect(sessionStore.getState().accountMode).toBe(REAL_ACCOUNT));
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
  });

  it("lists the withdrawals: a rejected one's reason, a paid one's reference, a bank one masked; loads more", async () => {
    const all = [
      withdrawal(1, 'rejected', { reason: 'The address belongs to a sanctioned service' }),
      withdrawal(2, 'success', { payoutRef: PAYOUT_HASH }),
      withdrawal(3, 'pending', {
        method: 'bank',
        network: 'BANK',
        address: null,
        bankHolder: 'Ada Lovelace',
        bankAccount: 'DE89370400440532013000',
        bankType: 'Commerzbank',
        amount: '60',
        fee: '0.6',
      }),
      ...Array.from({ length: 9 }, (_, i) => withdrawal(10 + i, 'pending')),
    ];
    const api = handlers({
      'GET user/listWithdrwal': (c) => {
        const n = Number(c.query.get('page'));
        const size = Number(c.query.get('size'));
        return page(all.slice((n - 1) * size, n * size), n, all.length, size);
      },
    });
    await renderApp('/profile/withdraw', { loggedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(10));
    const [rejected, paid, bank] = screen.getAllByTestId('withdraw-row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(rejected).getByTestId('withdraw-row-status')).toHaveTextContent('Rejected');
    expect(within(rejected).getByTestId('withdraw-row-reason')).toHaveTextContent(
      'Reason: \u2068The address belongs to a sanctioned service\u2069',
    );
    expect(within(rejected).queryByTestId('withdraw-row-ref')).toBeNull();
    expect(text(within(rejected).getByTestId('withdraw-row-amount'))).toBe('100.00 USDT');
    expect(text(within(rejected).getByTestId('withdraw-row-fee'))).toBe('Fee 0.50 USDT');
    expect(rejected).toHaveTextContent('TRC20');
    // The address is shortened; the whole one is in its title and is what is copied.
    const address = within(rejected).getByTestId('withdraw-row-address');
    expect(address).toHaveTextContent('TQn9Y2…KcbLSE');
    expect(address).toHaveAttribute('title', TRON_ADDRESS);
    expect(address).toHaveAttribute('dir', 'ltr');

    expect(within(paid).getByTestId('withdraw-row-status')).toHaveTextContent('Paid');
    expect(within(paid).getByTestId('withdraw-row-ref')).toHaveAttribute('title', PAYOUT_HASH);
    expect(within(paid).getByTestId('withdraw-row-ref')).toHaveTextContent('0xdddd…ddbeef');
    expect(paid).toHaveTextContent('Payout reference');
    expect(within(paid).queryByTestId('withdraw-row-reason')).toBeNull();

    expect(bank).toHaveTextContent('Bank transfer');
    expect(within(bank).getByTestId('withdraw-row-account')).toHaveTextContent('Commerzbank •••• 3000');
    expect(bank).not.toHaveTextContent('DE89370400440532013000');
    expect(within(bank).getByTestId('withdraw-row-status')).toHaveTextContent('Pending review');

    fireEvent.click(screen.getByTestId('withdraw-more'));
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(12));
    expect(api.callsTo('user/listWithdrwal').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('withdraw-more')).toBeNull();
  });

  it('is reached from the assets page', async () => {
    handlers({ 'GET user/getBalances': () => ok({ mode: 'real', balances: [] }) });
    const { router } = await renderApp('/profile/balance', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('balance-withdraw-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/withdraw'));
    expect(await screen.findByTestId('withdraw-page')).toBeInTheDocument();
  });
});
