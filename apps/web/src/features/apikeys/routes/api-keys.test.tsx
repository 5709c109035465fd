import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { sessionStore } from '@/shared/session/session-store';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const existing = {
  keyId: 'obk_aaaaaaaaaaaaaaaaaaaaaaaa',
  label: 'old bot',
  scopes: ['read'],
  ips: ['203.0.113.0/24'],
  createdAt: Date.parse('2026-11-20T10:00:00Z'),
  expiresAt: null,
  lastUsedAt: Date.parse('2026-11-26T10:00:00Z'),
};
const created = {
  key: { ...existing, keyId: 'obk_bbbbbbbbbbbbbbbbbbbbbbbb', label: 'grid bot', scopes: ['read', 'trade'], ips: [] },
  secret: 'sEcReT-shown-once-0123456789abcdefghijklmnopq',
};

function handlers(opts: { createFails?: boolean } = {}) {
  let keys = [existing];
  return mockApi({
    ...baseHandlers,
    'GET twofactor/status': () => ok({ methods: [], totp: false, passkeys: [], recoveryCodesLeft: 0 }),
    'GET apiKey/list': () => ok(keys),
    'POST apiKey/create': () => {
      if (opts.createFails) return fail(40138, 'Not an IP address or range: 10.0.0.300', { field: 'ips' });
      keys = [created.key, ...keys];
      return ok(created);
    },
    'POST apiKey/revoke': (call) => {
      keys = keys.filter((k) => k.keyId !== (call.body as { keyId: string }).keyId);
      return ok(null);
    },
  });
}

describe('the API keys page', () => {
  it('creates a key with the password, shows the secret once, then lists it', async () => {
    const api = handlers();
    await renderApp('/profile/api-keys', { loggedIn: true });
    expect(await screen.findByText('old bot')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('apikey-label'), { target: { value: 'grid bot' } });
    fireEvent.click(screen.getByTestId('apikey-scope-trade'));
    fireEvent.change(screen.getByTestId('apikey-ips'), { target: { value: '203.0.113.7, 10.0.0.0/8\n::1' } });
    fireEvent.change(screen.getByTestId('apikey-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('apikey-create-submit'));
    await waitFor(() => expect(api.callsTo('apiKey/create')).toHaveLength(1));
    expect(api.callsTo('apiKey/create')[0]?.body).toMatchObject({
      label: 'grid bot',
      scopes: ['read', 'trade'],
      ips: ['203.0.113.7', '10.0.0.0/8', '::1'],
      password: 'Secret123',
    });
    const panel = await screen.findByTestId('apikey-secret-panel');
    expect(within(panel).getByTestId('apikey-new-secret')).toHaveTextContent(created.secret);
    expect(within(panel).getByRole('alert')).toHaveTextContent(/only this once/);
    fireEvent.click(screen.getByTestId('apikey-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('apikey-secret-panel')).toBeNull());
    expect(document.body.textContent).not.toContain(created.secret);
    await waitFor(() => expect(screen.getAllByTestId('apikey-item')).toHaveLength(2));
  }, 20_000);

  it('asks for a label, a scope and the password before sending; shows the server’s field error', async () => {
    const api = handlers({ createFails: true });
    await renderApp('/profile/api-keys', { loggedIn: true });
    await screen.findByTestId('apikey-create-form');
    fireEvent.click(screen.getByTestId('apikey-scope-read'));
    fireEvent.click(screen.getByTestId('apikey-create-submit'));
    expect(await screen.findByText('Enter a label')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one permission')).toBeInTheDocument();
    expect(screen.getByText('Enter your login password')).toBeInTheDocument();
    expect(api.callsTo('apiKey/create')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('apikey-label'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('apikey-scope-read'));
    fireEvent.change(screen.getByTestId('apikey-ips'), { target: { value: '10.0.0.300' } });
    fireEvent.change(screen.getByTestId('apikey-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('apikey-create-submit'));
    expect(await screen.findByTestId('apikey-ips-error')).toHaveTextContent('10.0.0.300');
  }, 20_000);

  it('revokes a key only after confirming', async () => {
    const api = handlers();
    await renderApp('/profile/api-keys', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('apikey-revoke'));
    const dialog = await screen.findByTestId('apikey-revoke-dialog');
    expect(dialog).toHaveTextContent('old bot');
    fireEvent.click(within(dialog).getByTestId('apikey-revoke-cancel'));
    expect(api.callsTo('apiKey/revoke')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('apikey-revoke'));
    fireEvent.click(await screen.findByTestId('apikey-revoke-confirm'));
    await waitFor(() => expect(api.callsTo('apiKey/revoke')[0]?.body).toEqual({ keyId: existing.keyId }));
    await waitFor(() => expect(screen.queryByTestId('apikey-item')).toBeNull());
  }, 20_000);

  it('tells an account without a password (Google or wallet sign-in) to set one first', async () => {
    const noPassword = { ...demoUser, hasPassword: false };
    mockApi({ ...baseHandlers, 'POST user/getUserInfo': () => ok(noPassword), 'GET apiKey/list': () => ok([]) });
    sessionStore.logIn('test-token', noPassword);
    await renderApp('/profile/api-keys');
    const note = await screen.findByTestId('password-first-note');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/profile/info');
  }, 20_000);
});
