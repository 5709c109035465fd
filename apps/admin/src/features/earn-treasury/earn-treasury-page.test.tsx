import type { AdminTreasuryResult } from '@openbourse/contracts/earn.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const owner = me('owner', ALL);
const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);

const treasury: AdminTreasuryResult = {
  list: [
    {
      currency: 'USDT',
      available: '48210.25',
      reserved: '1834.5',
      paidToday: '96.8',
      earningPlans: 12,
      principalHeld: '60500',
    },
    { currency: 'BTC', available: '0', reserved: '0', paidToday: '0', earningPlans: 0, principalHeld: '0' },
  ],
};

function open(who: ReturnType<typeof me>, routes: Parameters<typeof serve>[0]) {
  signIn(who);
  const calls = serve({ 'auth/me': () => ok(who), 'earn-treasury': () => ok(treasury), ...routes });
  window.history.pushState({}, '', '/admin/earn-treasury');
  render(<App />);
  return calls;
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('earn treasury', () => {
  it('shows each currency’s figures, and says which cannot back a new plan', async () => {
    open(owner, {});
    const table = await screen.findByRole('table', { name: 'Earn treasury' });
    const usdt = (await within(table).findByText('USDT')).closest('tr') as HTMLElement;
    expect([...usdt.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'USDT',
      '48,210.25',
      '1,834.50',
      '96.80',
      '12',
      '60,500.00',
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Nothing available in BTC: no new plan in it can be sold until the treasury is funded.',
    );
  });

  it('funds the treasury after a confirmation that restates the amount', async () => {
    const after = { list: [{ ...treasury.list[0], available: '58210.25' }, treasury.list[1]] };
    const calls = open(owner, { 'earn-treasury/fund': () => ok(after) });
    fireEvent.click(await screen.findByRole('button', { name: 'Fund treasury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund the earn treasury' });
    expect((within(dialog).getByLabelText('Currency') as HTMLInputElement).value).toBe('USDT');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '10000.x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('A number above 0')).toBeTruthy();
    expect(within(dialog).getByText('Say why, in 3 to 200 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '10000' } });
    fireEvent.change(within(dialog).getByLabelText('Memo (kept in the audit log)'), {
      target: { value: 'November top-up' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(calls.some((c) => c.path === 'earn-treasury/fund')).toBe(false);
    expect(within(dialog).getByText('10,000.00 USDT', { selector: 'strong' })).toBeTruthy();
    expect(within(dialog).getByText('58,210.25 USDT')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fund 10,000.00 USDT' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fund the earn treasury' })).toBeNull());
    const fund = calls.find((c) => c.path === 'earn-treasury/fund');
    expect(fund?.method).toBe('POST');
    expect(fund?.body).toEqual({ currency: 'USDT', amount: '10000', memo: 'November top-up' });
    expect(
      await screen.findByText('10,000.00 USDT moved into the earn treasury, and written to the audit log.'),
    ).toBeTruthy();
    // The figures after come with the answer: the table shows them without asking again.
    expect(within(screen.getByRole('table', { name: 'Earn treasury' })).getByText('58,210.25')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'earn-treasury')).toHaveLength(1);
  });

  it('shows the server’s refusal on the confirmation, and a refused field back on the form', async () => {
    let answer = refused(10011, 'Insufficient balance');
    open(owner, { 'earn-treasury/fund': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Fund treasury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund the earn treasury' });
    fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'btc' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '2.5' } });
    fireEvent.change(within(dialog).getByLabelText('Memo (kept in the audit log)'), { target: { value: 'Seed BTC' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fund 2.50 BTC' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Insufficient balance');
    answer = refused(40001, 'Please check the field: currency', 'currency');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fund 2.50 BTC' }));
    expect(await within(dialog).findByText('Please check the field: currency')).toBeTruthy();
    expect((within(dialog).getByLabelText('Currency') as HTMLInputElement).value).toBe('BTC');
  });

  it('shows a reviewer the figures without the funding button', async () => {
    open(reviewer, {});
    expect(await within(await screen.findByRole('table', { name: 'Earn treasury' })).findByText('USDT')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fund treasury' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Smart plans/ })).toBeNull();
  });
});
