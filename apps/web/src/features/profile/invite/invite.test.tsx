import type { InviteSummary } from '@openbourse/contracts/invites.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/session-store';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const summary = (over: Partial<InviteSummary> = {}): InviteSummary => ({
  code: 'ABC123',
  linkPath: '/pass/register?invite=ABC123',
  rule: { enabled: true, share: '0.2', periodDays: 180, currency: 'USDT', capPerInvitee: null, updatedAt: null },
  earned: [],
  invitees: 0,
  traded: 0,
  ...over,
});
const J = Date.UTC(2026, 10, 20, 9, 0);
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 20 });
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

describe('invite page', () => {
  it('shows the code, link, QR code, the rule in plain words and the empty list', async () => {
    mockApi({
      ...baseHandlers,
      'GET user/inviteSummary': () => ok(summary()),
      'GET user/listInvitees': () => page([]),
    });
    await renderApp('/profile/invite', { loggedIn: true });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABC123');
    expect(screen.getByTestId('invite-link')).toHaveTextContent('/pass/register?invite=ABC123');
    const qr = await screen.findByTestId('invite-qr');
    expect(qr.getAttribute('data-text')).toContain('/pass/register?invite=ABC123');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await screen.findByTestId('invite-rule')).toHaveTextContent(
      'You earn 20% of the trading fees each friend pays in the real account for 180 days after they join, in USDT.',
    );
    expect(plain(screen.getByTestId('invite-earned'))).toBe('0.00 USDT');
    expect(await screen.findByTestId('invitees-empty')).toHaveTextContent('No friends yet');
  });

  it('lists the invitees: masked, joined, traded or not, reward; the totals and the cap', async () => {
    mockApi({
      ...baseHandlers,
      'GET user/inviteSummary': () =>
        ok(
          summary({
            earned: [{ currency: 'USDT', amount: '3.08641' }],
            invitees: 2,
            traded: 1,
            rule: { ...summary().rule, capPerInvitee: '50.000000' },
          }),
        ),
      'GET user/listInvitees': () =>
        page([
          { username: 'bo***ob', joinedAt: J, traded: false, reward: '0.000000', currency: 'USDT', rewardEndsAt: J },
          { username: 'al***ce', joinedAt: J, traded: true, reward: '3.086410', currency: 'USDT', rewardEndsAt: J },
        ]),
    });
    await renderApp('/profile/invite', { loggedIn: true });
    const rows = await screen.findAllByTestId('invitee-row');
    expect(rows).toHaveLength(2);
    const [bob, alice] = rows as [HTMLElement, HTMLElement];
    expect(within(bob).getByTestId('invitee-name')).toHaveTextContent('bo***ob');
    expect(within(bob).getByTestId('invitee-traded')).toHaveTextContent('Not traded yet');
    expect(within(alice).getByTestId('invitee-traded')).toHaveTextContent('Traded');
    expect(plain(within(alice).getByTestId('invitee-reward'))).toBe('Earned3.08641 USDT');
    expect(plain(alice).replace(/[\u2068\u2069]/g, '')).toContain('Joined Nov 20, 2026');
    await waitFor(() => expect(plain(screen.getByTestId('invite-earned'))).toBe('3.08641 USDT'));
    expect(screen.getByTestId('invite-count')).toHaveTextContent('2');
    expect(screen.getByTestId('invite-traded-count')).toHaveTextContent('1');
    expect(plain(screen.getByTestId('invite-rule'))).toContain('At most 50.00 USDT from each friend.');
  });

  it('says when rewards are paused, in the user’s language', async () => {
    sessionStore.setLanguage('fr');
    mockApi({
      ...baseHandlers,
      'GET user/inviteSummary': () => ok(summary({ rule: { ...summary().rule, enabled: false } })),
      'GET user/listInvitees': () => page([]),
    });
    await renderApp('/profile/invite', { loggedIn: true });
    expect(await screen.findByTestId('invite-rule')).toHaveTextContent('Les récompenses de parrainage sont suspendues');
    sessionStore.setLanguage('en');
  });
});
