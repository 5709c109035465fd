import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const sessions = [
  {
    id: 11,
    device: 'Chrome · Windows',
    ip: '10.0.0.2',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-26T10:00:00.000Z',
    current: false,
  },
  {
    id: 12,
    device: 'Safari · iOS',
    ip: '10.0.0.3',
    createdAt: '2026-11-27T08:00:00.000Z',
    lastSeenAt: '2026-11-27T08:00:00.000Z',
    current: true,
  },
];
const signIns = {
  list: [
    { id: -4, at: '2026-11-27T08:30:00.000Z', ip: '10.9.9.9', device: 'Firefox · Linux', success: false },
    { id: 12, at: '2026-11-27T08:00:00.000Z', ip: '10.0.0.3', device: 'Safari · iOS', success: true },
  ],
  total: 2,
  page: 1,
  size: 10,
};

function handlers() {
  return mockApi({
    ...baseHandlers,
    'GET user/listSessions': () => ok(sessions),
    'GET user/listSignIns': () => ok(signIns),
    'POST user/revokeSession': () => ok(null),
    'POST user/revokeOtherSessions': () => ok({ revoked: 1 }),
    'POST user/sendContactCode': (call) =>
      ok({
        resendAfterSeconds: 60,
        expiresInSeconds: 600,
        sentTo: (call.body as { step: string }).step === 'old' ? 'd***@example.com' : 'n***@example.com',
      }),
    'POST user/changeContact': () => ok(null, { msgCode: 20005, msg: 'Changes saved' }),
  });
}

describe('the account centre', () => {
  it('lists sessions with the current one marked, signs out another, shows failed and successful sign-ins', async () => {
    const api = handlers();
    await renderApp('/profile/info', { loggedIn: true });
    const list = await screen.findByTestId('sessions-list');
    expect(within(list).getByText('Chrome · Windows')).toBeInTheDocument();
    expect(within(screen.getByTestId('session-12')).getByText('This device')).toBeInTheDocument();
    expect(screen.queryByTestId('session-revoke-12')).toBeNull();
    fireEvent.click(screen.getByTestId('session-revoke-11'));
    await waitFor(() => expect(api.callsTo('user/revokeSession')).toHaveLength(1));
    expect(api.callsTo('user/revokeSession')[0]?.body).toEqual({ id: 11 });
    fireEvent.click(screen.getByTestId('sessions-revoke-others'));
    await waitFor(() => expect(api.callsTo('user/revokeOtherSessions')).toHaveLength(1));

    const history = await screen.findByTestId('sign-in-history');
    const rows = within(history).getAllByTestId('sign-in-row');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Signed in');
  });

  it('changes the email with a code to the current address and one to the new', async () => {
    const api = handlers();
    await renderApp('/profile/info', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('contact-email-old-send-code'));
    await waitFor(() => expect(api.callsTo('user/sendContactCode')).toHaveLength(1));
    expect(api.callsTo('user/sendContactCode')[0]?.body).toEqual({ step: 'old', kind: 'email' });
    fireEvent.change(screen.getByTestId('contact-email-old-code'), { target: { value: '111111' } });
    fireEvent.change(screen.getByTestId('contact-email-address'), { target: { value: 'New@Example.com' } });
    fireEvent.click(screen.getByTestId('contact-email-new-send-code'));
    await waitFor(() => expect(api.callsTo('user/sendContactCode')).toHaveLength(2));
    expect(api.callsTo('user/sendContactCode')[1]?.body).toEqual({
      step: 'new',
      kind: 'email',
      email: 'New@Example.com',
    });
    // Without the new code nothing is sent.
    fireEvent.click(screen.getByTestId('contact-email-submit'));
    expect(api.callsTo('user/changeContact')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('contact-email-new-code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('contact-email-submit'));
    await waitFor(() => expect(api.callsTo('user/changeContact')).toHaveLength(1));
    expect(api.callsTo('user/changeContact')[0]?.body).toEqual({
      kind: 'email',
      email: 'new@example.com',
      oldCode: '111111',
      newCode: '222222',
    });
  });
});
