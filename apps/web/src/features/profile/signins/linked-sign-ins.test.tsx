import type { LinkedIdentities } from '@openbourse/contracts/oauth.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/session-store';
import { mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const EMAIL = 'jane-doe.smith@long-company-name.example';

function handlers(identities: LinkedIdentities) {
  return mockApi({
    ...baseHandlers,
    'GET user/listSessions': () => ok([]),
    'GET user/listSignIns': () => ok({ list: [], total: 0, page: 1, size: 10 }),
    'GET user/listWallets': () => ok([]),
    'GET user/identities': () => ok(identities),
  });
}

const linked = (email: string | null): LinkedIdentities => ({
  hasPassword: false,
  identities: [
    { id: 3, provider: 'google', email, createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-26T10:00:00.000Z' },
  ],
});

describe('the account centre’s linked sign-ins', { timeout: 20_000 }, () => {
  it.each([
    ['desktop', 1366, true],
    ['mobile', 390, false],
  ])('in the %s layout: the provider on its own line, the address whole under it', async (_, width, desktop) => {
    handlers(linked(EMAIL));
    sessionStore.setWindow(width, desktop);
    sessionStore.dismissBoard();
    await renderApp('/profile/info', { loggedIn: true });
    const row = await screen.findByTestId('identity-3');
    // No "Google ·" glued to the address: the provider is a line of its own.
    expect(row).not.toHaveTextContent('Google ·');
    const provider = row.querySelector('.linked-signins__provider');
    expect(provider).toHaveTextContent(/^Google$/);
    const address = within(row).getByTestId('identity-address');
    expect(address.compareDocumentPosition(provider!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(address).toHaveTextContent(EMAIL);
    expect(address).toHaveAttribute('title', EMAIL);
    expect(address).toHaveAttribute('dir', 'ltr');
    // It may break only before the "@": the parts are kept whole, the hyphens inside them.
    expect([...address.querySelectorAll('.linked-signins__part')].map((p) => p.textContent)).toEqual([
      'jane-doe.smith',
      '@long-company-name.example',
    ]);
    expect(within(row).getByRole('button', { name: 'Unlink' })).toBeDisabled();
  });

  it('in Arabic the address stays left to right inside the right-to-left row', async () => {
    handlers(linked(EMAIL));
    sessionStore.setWindow(390, false);
    sessionStore.dismissBoard();
    sessionStore.setLanguage('ar');
    await renderApp('/profile/info', { loggedIn: true });
    const row = await screen.findByTestId('identity-3');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(row).getByTestId('identity-address')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByTestId('identity-address')).toHaveTextContent(EMAIL);
  });

  it('an identity without an address shows a dash, and no title', async () => {
    handlers(linked(null));
    await renderApp('/profile/info', { loggedIn: true });
    const row = await screen.findByTestId('identity-3');
    const address = row.querySelector('.linked-signins__address');
    expect(address).toHaveTextContent('—');
    expect(address).not.toHaveAttribute('title');
  });
});
