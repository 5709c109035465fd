import type { AdminDeposit } from '@openbourse/contracts/funding.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);
const PROOF = '6f1c2a4e-8b7d-4c3e-9a10-2b3c4d5e6f70';

const waiting: AdminDeposit = {
  id: 48213907,
  currency: 'USDT',
  network: 'TRC20',
  amount: '1250.5',
  txHash: `${'a'.repeat(60)}beef`,
  last6: 'Qx91Zk',
  address: 'TXo1ReceivingAddress000000000000',
  status: 'pending',
  reason: null,
  proofFileId: PROOF,
  createdAt: Date.UTC(2026, 10, 26, 9, 30),
  decidedAt: null,
  user: { id: 1042, username: 'alice' },
  decidedBy: null,
};

const decided = (status: 'approved' | 'rejected', by: string, reason: string | null = null): AdminDeposit => ({
  ...waiting,
  status,
  reason,
  decidedAt: Date.UTC(2026, 10, 26, 10, 0),
  decidedBy: by,
});

const page = (list: AdminDeposit[]) => ok({ list, total: list.length, page: 1, size: 25 });
const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));

async function openDeposit(routes: Parameters<typeof serve>[0]) {
  const calls = serve({
    'auth/me': () => ok(reviewer),
    deposits: () => page([waiting]),
    [`files/${PROOF}`]: png,
    ...routes,
  });
  window.history.pushState({}, '', '/admin/deposits');
  render(<App />);
  fireEvent.click(await screen.findByText('alice'));
  const dialog = await screen.findByRole('dialog', { name: `Deposit ${waiting.id}` });
  return { calls, dialog };
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(reviewer);
  // jsdom has no object URLs: the proof's bytes are shown through one.
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('deposits', () => {
  it('lists the waiting deposits by default and shows the proof fetched with the session token', async () => {
    const { calls, dialog } = await openDeposit({});
    const list = calls.find((c) => c.path === 'deposits');
    expect(list?.query.get('status')).toBe('pending');
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(within(table).getByText('1,250.50 USDT')).toBeTruthy();
    expect(within(table).getByText('aaaaaaaa…aabeef')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('img').getAttribute('src')).toBe('blob:proof'));
    const proofCall = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('/files/'));
    expect(String(proofCall?.[0])).toBe(`/swx/admin/files/${PROOF}`);
    expect(proofCall?.[1]?.headers).toMatchObject({ Authorization: 'adm_test' });
    expect(within(dialog).getByText(waiting.address)).toBeTruthy();
  });

  it('approves a deposit and the row shows it approved', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls, dialog } = await openDeposit({
      [`deposits/${waiting.id}/approve`]: () => new Promise<Response>((r) => (answer = r)),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Both decisions wait while one is on its way.
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((within(dialog).getByRole('button', { name: 'Reject…' }) as HTMLButtonElement).disabled).toBe(true);
    answer(ok(decided('approved', 'reviewer@example.com')));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/approve'))).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getByText('reviewer@example.com')).toBeTruthy();
  });

  it('rejects with the reason typed in its dialog', async () => {
    const { calls, dialog } = await openDeposit({
      [`deposits/${waiting.id}/reject`]: ({ body }) =>
        ok(decided('rejected', 'reviewer@example.com', (body as { reason: string }).reason)),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject…' }));
    const ask = screen.getByRole('dialog', { name: 'Reject the deposit' });
    const submit = within(ask).getByRole('button', { name: 'Reject deposit' }) as HTMLButtonElement;
    fireEvent.change(within(ask).getByLabelText('Reason'), { target: { value: 'no' } });
    expect(submit.disabled).toBe(true); // at least 3 characters
    fireEvent.change(within(ask).getByLabelText('Reason'), {
      target: { value: '  The hash is for 125.05 USDT, not 1,250.50  ' },
    });
    fireEvent.click(submit);
    await within(dialog).findByText('The hash is for 125.05 USDT, not 1,250.50');
    const reject = calls.find((c) => c.path.endsWith('/reject'));
    expect(reject?.method).toBe('POST');
    expect(reject?.body).toEqual({ reason: 'The hash is for 125.05 USDT, not 1,250.50' });
    expect(within(screen.getByRole('table', { name: 'Deposits' })).getByText('Rejected')).toBeTruthy();
  });

  it("says when another reviewer decided first (40036) and shows that reviewer's decision", async () => {
    const { calls, dialog } = await openDeposit({
      [`deposits/${waiting.id}/approve`]: () => refused(40036, 'Another reviewer has already decided this request'),
      [`deposits/${waiting.id}`]: () => ok(decided('rejected', 'other@example.com', 'Duplicate')),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another reviewer has already decided this request',
    );
    await within(dialog).findByText(/by other@example\.com/);
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(calls.filter((c) => c.path === `deposits/${waiting.id}` && c.method === 'GET')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(within(table).getByText('other@example.com')).toBeTruthy();
  });
});
