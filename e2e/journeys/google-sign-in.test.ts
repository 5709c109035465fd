import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalProvider, startLocalProvider } from '../../apps/server/src/modules/oauth/testing/local-provider.ts';
import type { Browser } from 'playwright-core';
import { type Layout, newContext as baseContext, screenshot } from '../support/browser.ts';
import { registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';
import { useOwner } from '../support/owner.ts';

/**
 * Google sign-in against a local OpenID provider (oidc-provider with its development login and
 * consent pages) that an owner configures in the back office's Sign-in providers: "Continue with
 * Google" on the login page, the provider's login, back signed in with a new account; then an
 * address that already has an account, linked after its owner proves the password (and the link
 * page in Arabic), in both layouts. Screenshots in e2e/artifacts.
 */
// The server's start takes long on a busy machine (several suites side by side).
vi.setConfig({ hookTimeout: 300_000, testTimeout: 600_000 });
const env = useJourney();
const owner = useOwner(env);
const layouts: Layout[] = ['desktop', 'mobile'];
let idp: LocalProvider;

/**
 * A context whose pages wait longer than the default 30 s: the journey's server shares a busy machine.
 * Its pages record every toast they show (a toast lasts seconds: read afterwards, not raced).
 */
async function newContext(browser: Browser, layout: Layout) {
  const context = await baseContext(browser, layout);
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
        const text = el.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return context;
}

const toasts = (page: Page) => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);

/**
 * The sign-in callback page is an auth page: no tab bar and no "Log in" in the mobile top bar, no
 * main navigation on the desktop, no footer.
 */
async function expectAuthChrome(page: Page, layout: Layout) {
  expect(new URL(page.url()).pathname).toBe('/api/loginCallback/google');
  if (layout === 'mobile') {
    expect(await page.getByTestId('tab-home').count()).toBe(0);
    expect(await page.getByTestId('nav-login').count()).toBe(0);
    expect(await page.getByTestId('lang-button').isVisible()).toBe(true);
  } else {
    expect(await page.getByTestId('nav-market').count()).toBe(0);
  }
  expect(await page.locator('footer').count()).toBe(0);
}

/**
 * The linked sign-in's row: the provider on a line of its own above the address, the address's
 * parts (before the "@", and from it) each on one line (unless the part before the "@" is longer
 * than the row: `longLocal`), its start on the row's start side.
 */
async function expectLinkedRow(page: Page, { rtl = false, longLocal = false } = {}) {
  const row = page.getByTestId('linked-signins').locator('li').first();
  const geometry = await row.evaluate((li) => {
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const provider = box(li.querySelector('.linked-signins__provider'))!;
    const address = box(li.querySelector('.linked-signins__address'))!;
    const parts = Array.from(li.querySelectorAll('.linked-signins__part')).map((p) => ({
      lines: (() => {
        // An inline block has one box: its text's lines are the range's rectangles.
        const range = document.createRange();
        range.selectNodeContents(p);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      })(),
      left: p.getBoundingClientRect().left,
      right: p.getBoundingClientRect().right,
    }));
    return { provider, address, parts };
  });
  expect(geometry.provider.bottom).toBeLessThanOrEqual(geometry.address.top + 1);
  expect(geometry.parts.length).toBe(2);
  expect(geometry.parts[0]!.lines).toBe(longLocal ? 2 : 1);
  expect(geometry.parts[1]!.lines).toBe(1);
  const start = rtl ? geometry.provider.right : geometry.provider.left;
  const partStart = rtl ? Math.max(...geometry.parts.map((p) => p.right)) : geometry.parts[0]!.left;
  expect(Math.abs(start - partStart)).toBeLessThan(2);
}

beforeAll(async () => {
  idp = await startLocalProvider({ redirectUris: [`${env.server.url}/api/loginCallback/google`] });
});
afterAll(async () => {
  await idp?.close();
});

/** At the provider: its login page (any name signs in as that account), then its consent page. */
async function passProviderLogin(page: Page, login: string) {
  await page.waitForURL((u) => u.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.origin === env.server.url);
}

/**
 * Back signed in on the home page (the login page had no `redirect`). In the mobile layout a first
 * visit shows the onboarding board there, and the user skips it where it appears: Skip goes home
 * (spec), so skipping it on a page opened afterwards, such as the account centre, would leave that page.
 */
async function landHome(page: Page, layout: Layout, shot?: string) {
  await page.waitForURL((u) => u.origin === new URL(env.server.url).origin && u.pathname === '/');
  if (layout !== 'mobile') return;
  const board = page.getByTestId('board');
  await board.getByTestId('board-skip').waitFor();
  if (shot) await screenshot(page, shot);
  await board.getByTestId('board-skip').click();
  await board.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/');
}

async function continueWithGoogle(page: Page) {
  await page.goto(`${env.server.url}/pass/login`, { waitUntil: 'domcontentloaded' });
  await dismissBoard(page);
  await page.getByTestId('google-continue').click();
}

describe('Google sign-in journey', () => {
  it('is hidden until an owner configures it in Sign-in providers', async () => {
    const context = await newContext(env.browser, 'desktop');
    const page = await context.newPage();
    await page.goto(`${env.server.url}/pass/login`, { waitUntil: 'domcontentloaded' });
    await dismissBoard(page);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('google-continue').count()).toBe(0);
    await context.close();

    const desk = await owner.page();
    await desk.goto(`${env.server.url}/admin/signin-providers`);
    await desk.getByTestId('signin-client-id').fill(idp.clientId);
    await desk.getByTestId('signin-client-secret').fill(idp.clientSecret);
    await desk.getByTestId('signin-issuer').fill(idp.issuer);
    await desk.getByText('Offer “Continue with Google”').click();
    await desk.getByTestId('signin-save').click();
    await desk.getByText('Saved and written to the audit log').waitFor();
    await expect.poll(() => desk.getByTestId('signin-client-secret').inputValue()).toBe('');
    await screenshot(desk, 'google-admin-signin-providers');
    const listed = await owner.admin<{ enabled: boolean; hasSecret: boolean }[]>('GET', 'signin-providers');
    expect(listed.result[0]).toMatchObject({ enabled: true, hasSecret: true });
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
  });

  describe.each(layouts)('%s', (layout) => {
    it('a new Google account: Continue with Google, the provider’s login, back signed in', async () => {
      const context = await newContext(env.browser, layout);
      const page = await context.newPage();
      const login = `journey-${layout}`;
      await page.goto(`${env.server.url}/pass/login`, { waitUntil: 'domcontentloaded' });
      await dismissBoard(page);
      await page.getByTestId('google-continue').waitFor();
      await screenshot(page, `google-login-${layout}`);
      await page.getByTestId('google-continue').click();
      await passProviderLogin(page, login);
      // Past the callback, on our home page (the provider's own pages are another origin).
      await landHome(page, layout, `google-board-${layout}`);
      // The sign-in made the account: a welcome for a new user, not "welcome back".
      await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Your account is ready.'));
      expect((await toasts(page)).join()).not.toContain('Welcome back');
      await page.goto(`${env.server.url}/profile/info`);
      await expect.poll(() => page.getByTestId('user-details').textContent()).toContain(`${login}@example.test`);
      const linked = page.getByTestId('linked-signins');
      // The account centre may render the section again as its data arrives: scroll and read together.
      await expect
        .poll(async () => {
          await linked.scrollIntoViewIfNeeded();
          return linked.textContent();
        })
        .toContain(`${login}@example.test`);
      // Its only way in (no password yet): unlinking is not offered.
      expect(await linked.getByRole('button', { name: 'Unlink' }).isDisabled()).toBe(true);
      await expectLinkedRow(page);
      await screenshot(page, `google-linked-signins-${layout}`);
      await context.close();
    });

    it('an address that has an account: linked after its owner proves the password', async () => {
      const context = await newContext(env.browser, layout);
      const page = await context.newPage();
      const username = `gl${Date.now().toString(36)}${layout === 'desktop' ? 'd' : 'm'}`;
      await registerNewUser(env, page, username);
      await context.close();
      // Another browser, signed out: the owner now chooses Google with the same address.
      const other = await newContext(env.browser, layout);
      const fresh = await other.newPage();
      idp.accounts.set(`owner-${layout}`, { email: `${username}@example.com`, email_verified: true });

      await continueWithGoogle(fresh);
      await passProviderLogin(fresh, `owner-${layout}`);
      await fresh.getByTestId('google-link').waitFor();
      await expectAuthChrome(fresh, layout);
      await screenshot(fresh, `google-link-${layout}`);
      await fresh.getByTestId('google-link-password').fill('Wrong1234');
      await fresh.getByTestId('google-link-submit').click();
      await expect.poll(() => fresh.getByTestId('google-link').textContent()).toContain('The password is wrong');
      await fresh.getByTestId('google-link-password').fill('Journey123');
      await fresh.getByTestId('google-link-submit').click();
      await landHome(fresh, layout);
      // An account that was there before: welcomed back.
      await expect.poll(() => toasts(fresh)).toContainEqual(expect.stringContaining(`Welcome back, ${username}`));
      await fresh.goto(`${env.server.url}/profile/info`);
      await expect.poll(() => fresh.getByTestId('user-details').textContent()).toContain(username);
      await other.close();
    });
  });

  it('the link page in Arabic, right to left', async () => {
    const context = await newContext(env.browser, 'mobile');
    const page = await context.newPage();
    const username = `ga${Date.now().toString(36)}`;
    await registerNewUser(env, page, username);
    await context.close();
    const arabic = await newContext(env.browser, 'mobile');
    await arabic.addInitScript(() => sessionStorage.setItem('ob.lang', 'ar'));
    const fresh = await arabic.newPage();
    await fresh.goto(`${env.server.url}/pass/login`, { waitUntil: 'domcontentloaded' });
    await dismissBoard(fresh);
    await expect.poll(() => fresh.evaluate(() => document.documentElement.dir)).toBe('rtl');
    idp.accounts.set('owner-ar', { email: `${username}@example.com`, email_verified: true });
    await fresh.getByTestId('google-continue').click();
    await passProviderLogin(fresh, 'owner-ar');
    await fresh.getByTestId('google-link').waitFor();
    await expect.poll(() => fresh.getByTestId('google-link').textContent()).toContain('بكلمة المرور');
    await expectAuthChrome(fresh, 'mobile');
    await screenshot(fresh, 'google-link-ar-mobile');
    await arabic.close();
  });

  it('a new Google account in Arabic: welcomed as new, its linked sign-in right to left', async () => {
    const arabic = await newContext(env.browser, 'mobile');
    await arabic.addInitScript(() => sessionStorage.setItem('ob.lang', 'ar'));
    const page = await arabic.newPage();
    await continueWithGoogle(page);
    // A part before the "@" longer than the mobile row: it wraps after a hyphen, nothing hidden.
    const login = 'journey-arabic-first-google-account';
    await passProviderLogin(page, login);
    await landHome(page, 'mobile');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('حسابك جاهز'));
    await page.goto(`${env.server.url}/profile/info`);
    const linked = page.getByTestId('linked-signins');
    await expect
      .poll(async () => {
        await linked.scrollIntoViewIfNeeded();
        return linked.textContent();
      })
      .toContain(`${login}@example.test`);
    await expectLinkedRow(page, { rtl: true, longLocal: true });
    await screenshot(page, 'google-linked-signins-ar-mobile');
    await arabic.close();
  });
});
