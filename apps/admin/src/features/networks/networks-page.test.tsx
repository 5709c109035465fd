import type { AdminNetwork } from '@openbourse/contracts/funding.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';

const owner = me('owner', ALL);

const trc20: AdminNetwork = {
  id: 1,
  currency: 'USDT',
  network: 'TRC20',
  enabled: true,
  address: null,
  minDeposit: '120',
  withdrawFeeRate: '0.005',
  minWithdraw: '20',
  dailyWithdrawLimit: '50000',
};

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  signIn(owner);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('networks', () => {
  it('shows each network with its fee as a percentage, and saves an edit, sending only what changed', async () => {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    let tries = 0;
    const calls = serve({
      'auth/me': () => ok(owner),
      networks: () => ok({ list: [trc20] }),
      'networks/1': ({ body }) => {
        tries += 1;
        // The first try: the server refuses the fee rate, naming the field.
        if (tries === 1) return refused(40001, 'Please check the field: withdrawFeeRate', 'withdrawFeeRate');
        return ok({ ...trc20, ...(body as object) });
      },
    });
    window.history.pushState({}, '', '/admin/networks');
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Networks' });
    await within(table).findByText('TRC20');
    expect(within(table).getByText('0.5 %')).toBeTruthy();
    expect(within(table).getByText('None: deposits refused')).toBeTruthy();
    expect(within(table).getByText('120 USDT')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT TRC20' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit USDT on TRC20' });
    fireEvent.change(within(dialog).getByLabelText('Receiving address'), { target: { value: ` ${address} ` } });
    const fee = within(dialog).getByLabelText('Withdrawal fee rate (fraction)');
    // Checked here first: a zero limit or a rate of 1 or more is not sent.
    const limit = within(dialog).getByLabelText('Daily withdrawal limit (USDT)');
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.change(fee, { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'networks/1')).toBe(false);
    // Then the server's refusal, on the field it names.
    fireEvent.change(limit, { target: { value: '50000' } });
    fireEvent.change(fee, { target: { value: '0.0000000000000000000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await within(dialog).findByText('Please check the field: withdrawFeeRate');
    expect(limit.getAttribute('aria-invalid')).toBeNull();
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull(); // on the field, not above the buttons

    fireEvent.change(fee, { target: { value: '0.001' } });
    expect(within(dialog).getByText('= 0.1 %; below 1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('USDT on TRC20 saved.');
    expect(calls.filter((c) => c.path === 'networks/1').at(-1)?.body).toEqual({ address, withdrawFeeRate: '0.001' });
    expect(within(table).getByText(address)).toBeTruthy();
    expect(within(table).getByText('0.1 %')).toBeTruthy();
  });
});
