import type { AdminInviteRule } from '@openbourse/contracts/invites.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';
import { percentToShare } from './invite-rewards-page';

const owner = me('owner', ALL);
const reviewer = me('reviewer', ['dashboard.read', 'users.read', 'reviews.decide']);

const figures: AdminInviteRule = {
  rule: { enabled: true, share: '0.2', periodDays: 180, currency: 'USDT', capPerInvitee: null, updatedAt: null },
  totalPaid: '1234.5',
  top: [{ userId: 7, username: 'alice', invitees: 3, rewarded: '812.25' }],
};

function open(who: ReturnType<typeof me>, routes: Parameters<typeof serve>[0]) {
  signIn(who);
  const calls = serve({ 'auth/me': () => ok(who), 'invite-rule': () => ok(figures), ...routes });
  window.history.pushState({}, '', '/admin/invite-rewards');
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

describe('invite rewards', () => {
  it('percent to share, exactly', () => {
    expect(percentToShare('20')).toBe('0.2');
    expect(percentToShare('12.5')).toBe('0.125');
    expect(percentToShare('0.25')).toBe('0.0025');
    expect(percentToShare('100')).toBe('1');
    expect(percentToShare('0')).toBe('0');
    expect(percentToShare('100.01')).toBeNull();
    expect(percentToShare('1.234')).toBeNull();
    expect(percentToShare('x')).toBeNull();
  });

  it('shows the rule and the inviters paid the most', async () => {
    open(owner, {});
    expect(((await screen.findByLabelText('Share of fees (%)')) as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Period after joining (days)') as HTMLInputElement).value).toBe('180');
    expect((screen.getByLabelText('Cap per invitee (USDT)') as HTMLInputElement).value).toBe('');
    const table = screen.getByRole('table', { name: 'Inviters paid the most' });
    const row = (await within(table).findByText('alice')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['7', 'alice', '3', '812.25']);
    expect(screen.getByText('1,234.50 USDT')).toBeTruthy();
  });

  it('checks the form, saves the rule, and shows a refusal', async () => {
    const after: AdminInviteRule = {
      ...figures,
      rule: { ...figures.rule, share: '0.125', periodDays: 90, capPerInvitee: '50.000000' },
    };
    let answer = ok(after);
    const calls = open(owner, { 'invite-rule': (c) => (c.method === 'POST' ? answer : ok(figures)) });
    const share = await screen.findByLabelText('Share of fees (%)');
    fireEvent.change(share, { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Period after joining (days)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Cap per invitee (USDT)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(screen.getByText('A percentage from 0 to 100, at most 2 decimals')).toBeTruthy();
    expect(screen.getByText('Whole days from 1 to 3650')).toBeTruthy();
    expect(screen.getByText('Empty (no cap) or an amount above 0')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(share, { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Period after joining (days)'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Cap per invitee (USDT)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      enabled: true,
      share: '0.125',
      periodDays: 90,
      capPerInvitee: '50',
    });
    expect(await screen.findByText(/Rule saved and written to the audit log/)).toBeTruthy();

    answer = refused(40001, 'Please check the field: capPerInvitee', 'capPerInvitee');
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the field: capPerInvitee');
  });

  it('is not in a reviewer’s menu', async () => {
    open(reviewer, {});
    await screen.findAllByRole('navigation');
    expect(screen.queryByRole('link', { name: /Invite rewards/ })).toBeNull();
  });
});
