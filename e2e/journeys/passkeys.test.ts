import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';

/**
 * Passkeys as a new user walks them, in the desktop layout and in the mobile one. WebAuthn refuses IP
 * addresses, so this journey's server is opened at http://localhost:<port> (a secure context; its
 * PUBLIC_URL too, so the server's relying party is RP ID `localhost` and that origin, both checked on
 * every ceremony). Chromium's virtual authenticator (DevTools protocol `WebAuthn`: CTAP2, built in,
 * resident keys, user verification) stands for the device. The user registers, adds a passkey from
 * Security (the password first; the recovery codes show once), signs out, signs in with the password
 * and then the passkey as second step, and removes it (the password and the passkey again): the next
 * sign-in asks for no second step.
 */
// A loaded machine may start the server slowly: more time than the suite's default.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
const env = useJourney({ hostname: 'localhost' });

const PASSWORD = 'Journey123';

/** Chromium's virtual authenticator on this page (a platform one, as a phone's or a laptop's). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    },
  };
}

async function signIn(page: Page, username: string) {
  await page.goto(`${env.server.url}/pass/login`);
  await dismissBoard(page);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page) {
  await page.goto(`${env.server.url}/profile`);
  await page.getByTestId('logout').click();
  await page.waitForURL((u) => u.pathname === '/' || u.pathname.startsWith('/pass/'));
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('passkeys journey (%s)', (layout) => {
  it('adds a passkey, signs in with it as the second step and removes it', async () => {
    expect(new URL(env.server.url).hostname).toBe('localhost');
    const context = await newContext(env.browser, layout);
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const authenticator = await virtualAuthenticator(page);
    const username = `pk${layout}${Date.now().toString(36).slice(-5)}`;
    await registerNewUser(env, page, username);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    // Security: add a passkey, confirmed by the password (no factor yet), named by the user.
    await page.goto(`${env.server.url}/profile/security`);
    await page.getByTestId('security-passkey-add').click();
    await page.getByTestId('security-passkey-new-name').fill('Journey key');
    await page.getByTestId('security-confirm-password').fill(PASSWORD);
    await page.getByTestId('security-confirm-submit').click();
    // The first factor brings the ten recovery codes, shown once.
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await page.getByTestId('recovery-done').click();
    const row = page.getByTestId('security-passkey');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Journey key');
    // The authenticator holds one credential, for this site's RP ID.
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
    await screenshot(page, `${layout}-passkeys-security`);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Sign out, then in: after the password, the passkey is the second step.
    await signOut(page);
    await signIn(page, username);
    await page.waitForURL((u) => u.pathname === '/pass/two-factor');
    await page.getByTestId('two-factor-use-passkey').waitFor();
    await screenshot(page, `${layout}-passkeys-sign-in`);
    const countBefore = (await authenticator.credentials())[0]!.signCount;
    await page.getByTestId('two-factor-use-passkey').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
    // The authenticator signed: its counter moved on.
    await expect.poll(async () => (await authenticator.credentials())[0]!.signCount).toBeGreaterThan(countBefore);

    // Remove it: the password and, the passkey being the factor, the passkey again.
    await page.goto(`${env.server.url}/profile/security`);
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/Journey key/);
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('security-confirm-password').fill(PASSWORD);
    await page.getByTestId('security-confirm-use-passkey').click();
    await page.getByTestId('security-confirm-passkey-ready').waitFor();
    await page.getByTestId('security-confirm-submit').click();
    await expect.poll(() => row.count()).toBe(0);

    // No factor left: the password alone signs in again.
    await signOut(page);
    await signIn(page, username);
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
