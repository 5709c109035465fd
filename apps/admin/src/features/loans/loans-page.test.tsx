import type { AdminLoan } from '@openbourse/contracts/loan.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);

const waiting: AdminLoan = {
  id: 4503599627370497,
  productId: 1,
  productName: 'USDT quick loan',
  currency: 'USDT',
  principal: '1000.000000',
  termDays: 30,
  dailyRate: '0.0005',
  freeDays: 3,
  dailyInterest: '0.500000',
  totalInterest: '13.500000',
  totalRepayment: '1013.500000',
  status: 'pending',
  signed: true,
  reason: null,
  appliedAt: Date.UTC(2026, 10, 26, 9, 30),
  decidedAt: null,
  drawnAt: null,
  dueAt: null,
  repaidAt: null,
  accruedDays: 0,
  interestAccrued: '0.000000',
  owed: '0.000000',
  repaidAmount: null,
  userId: 1042,
  username: 'alice',
  kycStatus: 'verified',
  decidedBy: null,
};

const approved: AdminLoan = {
  ...waiting,
  status: 'repaying',
  decidedAt: Date.UTC(2026, 10, 26, 10, 0),
  drawnAt: Date.UTC(2026, 10, 26, 10, 0),
  dueAt: Date.UTC(2026, 11, 26, 10, 0),
  owed: '1000.000000',
  decidedBy: 'reviewer@example.com',
};

const page = (list: AdminLoan[]) => ok({ list, total: list.length, page: 1, size: 25 });
const pdf = () =>
  new Response(new Blob([new TextEncoder().encode('%PDF-1.7')], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf' },
  });

async function openLoan(routes: Parameters<typeof serve>[0], loan: AdminLoan = waiting) {
  const calls = serve({
    'auth/me': () => ok(reviewer),
    loans: () => page([loan]),
    [`loans/${loan.id}/agreement`]: pdf,
    ...routes,
  });
  window.history.pushState({}, '', '/admin/loans');
  render(<App />);
  fireEvent.click(await screen.findByText('alice'));
  const dialog = await screen.findByRole('dialog', { name: `Loan ${loan.id}` });
  return { calls, dialog };
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(reviewer);
  URL.createObjectURL = vi.fn(() => 'blob:agreement');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('loans', () => {
  it('lists the waiting applications by default, with the terms, the identity state and the signed agreement', async () => {
    const { calls, dialog } = await openLoan({});
    expect(calls.find((c) => c.path === 'loans')?.query.get('status')).toBe('pending');
    const table = screen.getByRole('table', { name: 'Loans' });
    expect(within(table).getByText('1,000.00 USDT')).toBeTruthy();
    expect(within(table).getByText('Verified')).toBeTruthy();
    expect(within(dialog).getByText('0.05 %')).toBeTruthy();
    expect(within(dialog).getByText('1,013.50 USDT')).toBeTruthy();
    expect(within(dialog).getByText('30 days')).toBeTruthy();
    // The agreement is fetched with the session's token and shown (and linked for a new tab).
    const frame = await within(dialog).findByTitle(`Loan agreement ${waiting.id}`);
    expect(frame.getAttribute('src')).toBe('blob:agreement');
    const link = within(dialog).getByRole('link', { name: 'Open the signed agreement in a new tab' });
    expect(link.getAttribute('target')).toBe('_blank');
    const pdfCall = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('/agreement'));
    expect(String(pdfCall?.[0])).toBe(`/swx/admin/loans/${waiting.id}/agreement`);
    expect(pdfCall?.[1]?.headers).toMatchObject({ Authorization: 'adm_test' });
  });

  it('filters by state', async () => {
    const calls = serve({ 'auth/me': () => ok(reviewer), loans: () => page([]) });
    window.history.pushState({}, '', '/admin/loans');
    render(<App />);
    await screen.findByText('No loan application is waiting for review');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'expired' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('expired'));
    await screen.findByText('No loans');
  });

  it('warns when the borrower is not verified', async () => {
    const { dialog } = await openLoan({}, { ...waiting, kycStatus: 'pending' });
    expect(within(dialog).getByText("The borrower's identity is not verified.")).toBeTruthy();
  });

  it('approves a loan once and the row shows it in repayment', async () => {
    const { calls, dialog } = await openLoan({ [`loans/${waiting.id}/approve`]: () => ok(approved) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/approve'))).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Loans' });
    expect(within(table).getByText('Repaying')).toBeTruthy();
    expect(within(table).getByText('reviewer@example.com')).toBeTruthy();
  });

  it('rejects with the reason typed in its dialog', async () => {
    const { calls, dialog } = await openLoan({
      [`loans/${waiting.id}/reject`]: ({ body }) =>
        ok({
          ...waiting,
          status: 'rejected',
          reason: (body as { reason: string }).reason,
          decidedAt: Date.UTC(2026, 10, 26, 10),
          decidedBy: 'reviewer@example.com',
        }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject…' }));
    const ask = screen.getByRole('dialog', { name: 'Reject the loan' });
    const submit = within(ask).getByRole('button', { name: 'Reject loan' }) as HTMLButtonElement;
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: 'no' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: '  Income could not be confirmed ' } });
    fireEvent.click(submit);
    await within(dialog).findByText('Income could not be confirmed');
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'Income could not be confirmed' });
    expect(within(screen.getByRole('table', { name: 'Loans' })).getByText('Rejected')).toBeTruthy();
  });

  it("says when another reviewer decided first (40036) and shows that reviewer's decision", async () => {
    const { dialog } = await openLoan({
      [`loans/${waiting.id}/approve`]: () => refused(40036, 'Another reviewer has already decided this request'),
      [`loans/${waiting.id}`]: () => ok({ ...approved, decidedBy: 'other@example.com' }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another reviewer has already decided this request',
    );
    await within(dialog).findByText(/by other@example\.com/);
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
