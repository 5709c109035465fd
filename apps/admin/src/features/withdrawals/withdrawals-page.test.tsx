import type { AdminUserDetail } from '@openbourse/contracts/admin.ts';
import type { AdminWithdrawal } from '@openbourse/contracts/funding.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);
const ADDRESS = 'TXo1WithdrawalTargetAddress00009fKq';

const waiting: AdminWithdrawal = {
  id: 73019284,
  method: 'crypto',
  currency: 'USDT',
  network: 'TRC20',
  address: ADDRESS,
  bankHolder: null,
  bankAccount: null,
  bankType: null,
  amount: '1250.5',
  fee: '6.2525',
  status: 'pending',
  reason: null,
  payoutRef: null,
  createdAt: Date.UTC(2026, 10, 26, 9, 30),
  decidedAt: null,
  user: { id: 1042, username: 'alice' },
  decidedBy: null,
};

const toBank: AdminWithdrawal = {
  ...waiting,
  id: 73019285,
  method: 'bank',
  network: 'BANK',
  address: null,
  bankHolder: 'Bob Example',
  bankAccount: 'DE89370400440532013000',
  bankType: 'Commerzbank',
  amount: '500',
  fee: '2.5',
  user: { id: 1043, username: 'bob' },
};

const decided = (
  status: 'success' | 'rejected',
  by: string,
  d: { payoutRef?: string; reason?: string } = {},
): AdminWithdrawal => ({
  ...waiting,
  status,
  payoutRef: d.payoutRef ?? null,
  reason: d.reason ?? null,
  decidedAt: Date.UTC(2026, 10, 26, 10, 0),
  decidedBy: by,
});

const alice: z.infer<typeof AdminUserDetail> = {
  user: {
    id: 1042,
    username: 'alice',
    email: 'alice@example.com',
    phone: null,
    status: 'active',
    kycStatus: 'approved',
    createdAt: '2026-10-01T08:00:00.000Z',
    lastLoginAt: '2026-11-26T09:00:00.000Z',
    hasWithdrawalPassword: true,
    inviteCode: 'ALICE1',
  } as z.infer<typeof AdminUserDetail>['user'],
  balances: {
    real: [{ currency: 'USDT', available: '310.25', locked: '1256.7525', total: '1567.0025' }],
    demo: [{ currency: 'USDT', available: '100000', locked: '0', total: '100000' }],
  },
  sessions: [],
};

const statement = () =>
  ok({
    total: 31,
    entries: [
      {
        id: 9001,
        time: '2026-11-26T09:30:00.000Z',
        code: 'withdrawal_hold',
        currency: 'USDT',
        // A hold moves available to locked: no change in the total.
        amount: '0',
        available: '-1256.7525',
        locked: '1256.7525',
        refType: 'withdrawal',
        refId: String(waiting.id),
      },
      {
        id: 8990,
        time: '2026-11-25T14:00:00.000Z',
        code: 'deposit',
        currency: 'USDT',
        amount: '1500',
        available: '1500',
        locked: '0',
        refType: 'deposit',
        refId: '48213907',
      },
    ],
  });

const page = (list: AdminWithdrawal[]) => ok({ list, total: list.length, page: 1, size: 25 });

async function openWithdrawal(routes: Parameters<typeof serve>[0]) {
  const calls = serve({
    'auth/me': () => ok(reviewer),
    withdrawals: () => page([waiting, toBank]),
    'users/1042': () => ok(alice),
    'users/1042/statement': statement,
    ...routes,
  });
  window.history.pushState({}, '', '/admin/withdrawals');
  render(<App />);
  fireEvent.click(await screen.findByText('alice'));
  const dialog = await screen.findByRole('dialog', { name: `Withdrawal ${waiting.id}` });
  return { calls, dialog };
}

/** The value beside a label in the detail's facts. */
function fact(scope: HTMLElement, label: string): string {
  const dt = within(scope).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(reviewer);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('withdrawals', () => {
  it('lists the waiting withdrawals by default: amount and fee, the method, the target', async () => {
    const calls = serve({ 'auth/me': () => ok(reviewer), withdrawals: () => page([waiting, toBank]) });
    window.history.pushState({}, '', '/admin/withdrawals');
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    await within(table).findByText('alice');
    expect(calls.find((c) => c.path === 'withdrawals')?.query.get('status')).toBe('pending');
    expect(within(table).getByText('1,250.50 USDT')).toBeTruthy();
    expect(within(table).getByText('fee 6.2525')).toBeTruthy();
    expect(within(table).getByText('TRC20')).toBeTruthy();
    // The address shortened, copied whole.
    expect(within(table).getByText('TXo1With…009fKq').getAttribute('title')).toBe(ADDRESS);
    expect(within(table).getByRole('button', { name: `Copy the address of withdrawal ${waiting.id}` })).toBeTruthy();
    // A bank payout: holder, account and bank.
    expect(within(table).getByText('Bob Example')).toBeTruthy();
    expect(within(table).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(table).getByText('Commerzbank')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'success' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('success'));
  });

  it("shows the target in full, the amounts and the user's real balances and last movements", async () => {
    const { calls, dialog } = await openWithdrawal({});
    expect(fact(dialog, 'Address')).toContain(ADDRESS);
    expect(fact(dialog, 'Network')).toBe('TRC20');
    expect(fact(dialog, 'Amount received')).toBe('1,250.50 USDT');
    expect(fact(dialog, 'Fee')).toBe('6.2525 USDT');
    expect(fact(dialog, 'Total held')).toBe('1,256.7525 USDT');

    const balances = await within(dialog).findByRole('table', { name: 'Real balances' });
    const usdt = (await within(balances).findByText('USDT')).closest('tr') as HTMLElement;
    expect([...usdt.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'USDT',
      '310.25',
      '1,256.7525',
      '1,567.0025',
    ]);
    // Only the real book: the demo balance is not shown.
    expect(within(dialog).queryByText('100,000.00')).toBeNull();

    const movements = await within(dialog).findByRole('table', { name: 'Last movements, real account' });
    expect(await within(movements).findByText('withdrawal_hold')).toBeTruthy();
    const hold = within(movements).getByText('withdrawal_hold').closest('tr') as HTMLElement;
    expect([...hold.querySelectorAll('td')].slice(3, 6).map((td) => td.textContent)).toEqual([
      '0.00',
      '-1,256.7525',
      '1,256.7525',
    ]);
    const read = calls.find((c) => c.path === 'users/1042/statement');
    expect(read?.query.get('mode')).toBe('real');
    expect(read?.query.get('size')).toBe('8');
    expect(within(dialog).queryByRole('group', { name: 'Book' })).toBeNull();
  });

  it('pays with the payout reference typed in its dialog; the row shows it paid', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls, dialog } = await openWithdrawal({
      [`withdrawals/${waiting.id}/pay`]: () => new Promise<Response>((r) => (answer = r)),
    });
    await within(dialog).findByRole('table', { name: 'Real balances' });
    const userReads = () => calls.filter((c) => c.path === 'users/1042').length;
    const readsBefore = userReads();

    fireEvent.click(button(dialog, 'Pay…'));
    const ask = screen.getByRole('dialog', { name: 'Pay the withdrawal' });
    const submit = button(ask, 'Mark as paid');
    fireEvent.change(within(ask).getByLabelText('Payout reference'), { target: { value: ' ab ' } });
    expect(submit.disabled).toBe(true); // at least 3 characters
    const hash = `${'f'.repeat(60)}0c1d`;
    fireEvent.change(within(ask).getByLabelText('Payout reference'), { target: { value: `  ${hash}  ` } });
    fireEvent.click(submit);

    // Nothing else can be sent while the payment is on its way.
    await waitFor(() => expect(button(ask, 'Mark as paid').disabled).toBe(true));
    expect(button(ask, 'Cancel').disabled).toBe(true);
    expect(button(dialog, 'Pay…').disabled).toBe(true);
    expect(button(dialog, 'Reject…').disabled).toBe(true);

    answer(ok(decided('success', 'reviewer@example.com', { payoutRef: hash })));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Pay…' })).toBeNull());
    const pay = calls.filter((c) => c.path.endsWith('/pay'));
    expect(pay).toHaveLength(1);
    expect(pay[0]?.method).toBe('POST');
    expect(pay[0]?.body).toEqual({ payoutRef: hash });
    expect(fact(dialog, 'Payout reference')).toContain(hash);
    expect(screen.queryByRole('dialog', { name: 'Pay the withdrawal' })).toBeNull();

    const table = screen.getByRole('table', { name: 'Withdrawals' });
    const row = within(table).getByText('alice').closest('tr') as HTMLElement;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('reviewer@example.com')).toBeTruthy();
    expect(within(row).getByText('ffffffff…ff0c1d')).toBeTruthy();
    // The hold is posted: the user's balances are read again.
    await waitFor(() => expect(userReads()).toBeGreaterThan(readsBefore));
  });

  it('shows a refused payout reference under its field', async () => {
    const { dialog } = await openWithdrawal({
      [`withdrawals/${waiting.id}/pay`]: () => refused(40001, 'Invalid parameter', 'payoutRef'),
    });
    fireEvent.click(button(dialog, 'Pay…'));
    const ask = screen.getByRole('dialog', { name: 'Pay the withdrawal' });
    fireEvent.change(within(ask).getByLabelText('Payout reference'), { target: { value: 'ref-123' } });
    fireEvent.click(button(ask, 'Mark as paid'));
    expect(await within(ask).findByText('Invalid parameter')).toBeTruthy();
    expect(within(ask).getByLabelText('Payout reference').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Pay…' })).toBeTruthy();
  });

  it('rejects with the reason typed in its dialog', async () => {
    const { calls, dialog } = await openWithdrawal({
      [`withdrawals/${waiting.id}/reject`]: ({ body }) =>
        ok(decided('rejected', 'reviewer@example.com', { reason: (body as { reason: string }).reason })),
    });
    fireEvent.click(button(dialog, 'Reject…'));
    const ask = screen.getByRole('dialog', { name: 'Reject the withdrawal' });
    expect(within(ask).getByText(/1,256\.7525 USDT held return/)).toBeTruthy();
    const submit = button(ask, 'Reject withdrawal');
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: 'no' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(ask).getByLabelText('Reason'), {
      target: { value: '  The address is on a sanctions list  ' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(fact(dialog, 'Reason given')).toBe('The address is on a sanctions list'));
    const reject = calls.find((c) => c.path.endsWith('/reject'));
    expect(reject?.method).toBe('POST');
    expect(reject?.body).toEqual({ reason: 'The address is on a sanctions list' });
    const table = screen.getByRole('table', { name: 'Withdrawals' });
    expect(within(table).getByText('Rejected')).toBeTruthy();
    expect(within(table).getByTitle('The address is on a sanctions list')).toBeTruthy();
  });

  it("says when another reviewer decided first (40036) and shows that reviewer's decision", async () => {
    const other = decided('success', 'other@example.com', { payoutRef: 'BANKREF-2026-11-26-0042' });
    const { calls, dialog } = await openWithdrawal({
      [`withdrawals/${waiting.id}/reject`]: () => refused(40036, 'Another reviewer has already decided this request'),
      [`withdrawals/${waiting.id}`]: () => ok(other),
    });
    fireEvent.click(button(dialog, 'Reject…'));
    const ask = screen.getByRole('dialog', { name: 'Reject the withdrawal' });
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: 'Duplicate request' } });
    fireEvent.click(button(ask, 'Reject withdrawal'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another reviewer has already decided this request',
    );
    await within(dialog).findByText(/by other@example\.com/);
    expect(fact(dialog, 'Payout reference')).toContain('BANKREF-2026-11-26-0042');
    expect(within(dialog).queryByRole('button', { name: 'Pay…' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Reject the withdrawal' })).toBeNull();
    expect(calls.filter((c) => c.path === `withdrawals/${waiting.id}` && c.method === 'GET')).toHaveLength(1);
    const row = within(screen.getByRole('table', { name: 'Withdrawals' }))
      .getByText('alice')
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('other@example.com')).toBeTruthy();
  });
});
