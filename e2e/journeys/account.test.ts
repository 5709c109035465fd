import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';

/**
 * The account journey as a new user walks it, in both layouts: register by email with the code
 * from the mail, log in, switch language (Arabic is right-to-left), open a footer/content item,
 * toggle demo and real, log out, and get sent to login when the session is revoked.
 */
const env = useJourney();

/** The mobile onboarding board shows on a first visit; a returning user has dismissed it. */
async function openLanguage(page: Page, lang: string) {
  await page.getByTestId('lang-button').first().click();
  await page.getByTestId(`lang-option-${lang}`).click();
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('account journey (%s)', (layout) => {
  const stamp = `${Date.now().toString(36)}${layout === 'desktop' ? 'd' : 'm'}`;
  const username = `e2e${stamp}`;
  const email = `${username}@example.com`;
  const password = 'Journey123';

  it('registers by email with the mailed code and lands logged in', async () => {
    const context = await newContext(env.browser, layout);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await dismissBoard(page);
    await expect.poll(() => page.getByTestId('home-stats').isVisible()).toBe(true);
    await screenshot(page, `${layout}-home-en`);

    await page.goto(`${env.server.url}/pass/register`);
    await page.getByTestId('register-tab-email').click();
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill('Mismatch123');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByText('Password input is inconsistent').first().isVisible()).toBe(true);
    await page.getByTestId('register-confirm').fill(password);
    const before = env.server.messages.length;
    await page.getByTestId('register-send-code').click();
    const code = await env.server.codeFor(email, before);
    await page.getByTestId('register-code').fill(code);
    await screenshot(page, `${layout}-register-en`);
    await page.getByTestId('register-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));

    await page.goto(`${env.server.url}/profile`);
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toContain(username);
    await screenshot(page, `${layout}-profile-en`);
    await context.close();
  });

  it('logs in, switches to Arabic (rtl) and Japanese, opens a content item, toggles demo/real, logs out', async () => {
    const context = await newContext(env.browser, layout);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/pass/login`);
    await dismissBoard(page);
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-password').fill(password);
    await screenshot(page, `${layout}-login-en`);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));

    await page.goto(`${env.server.url}/`);
    await dismissBoard(page);
    await openLanguage(page, 'ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await screenshot(page, `${layout}-home-ar`);

    await openLanguage(page, 'ja');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^ja/);

    // A content item: from the desktop footer, or from the help centre on mobile (no footer there).
    if (layout === 'desktop') {
      await page.getByTestId('footer-content-terms').click();
    } else {
      await page.goto(`${env.server.url}/help`);
      await page.goto(`${env.server.url}/detail?id=terms`);
    }
    await page.waitForURL((u) => u.pathname === '/detail');
    await expect.poll(() => page.locator('h1, h2').first().textContent()).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

    await openLanguage(page, 'en');
    // The choice is stored once the English texts have loaded: wait for it before navigating away.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await page.goto(`${env.server.url}/profile`);
    // The top bar shows the account in use (real, after signing in) and can switch it.
    await expect.poll(() => page.getByTestId('real-badge').first().isVisible()).toBe(true);
    await page.getByTestId('account-mode-toggle').click();
    await expect.poll(() => page.getByTestId('toast').last().textContent()).toContain('Switched to virtual account');
    await expect.poll(() => page.getByTestId('demo-badge').first().isVisible()).toBe(true);
    await page.goto(`${env.server.url}/profile/balance`);
    await expect.poll(() => page.getByTestId('balance-USDT').textContent()).toMatch(/100,000/);
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('account-mode-toggle').click();
    await expect.poll(() => page.getByTestId('toast').last().textContent()).toContain('Switched to real account');

    // The sign-in lasts the browser session, not one tab: a tab opened by hand is signed in, and
    // signing out in one tab signs out the other.
    const other = await context.newPage();
    await other.goto(`${env.server.url}/profile`);
    await expect.poll(() => other.getByTestId('logout').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await other.getByTestId('profile-login').count()).toBe(0);

    await page.getByTestId('logout').click();
    await page.goto(`${env.server.url}/profile`);
    await expect.poll(() => page.getByTestId('profile-login').isVisible()).toBe(true);
    await expect.poll(() => other.getByTestId('profile-login').isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('a revoked or expired token sends the user to /pass/login', async () => {
    const context = await newContext(env.browser, layout);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/pass/login`);
    await dismissBoard(page);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
    // The server forgets the session behind the browser's back, as expiry does.
    const token = await page.evaluate(() => sessionStorage.getItem('ob.token'));
    expect(token).toBeTruthy();
    const res = await fetch(`${env.server.url}/swx/customer/login/logout`, {
      method: 'POST',
      headers: { authorization: String(token) },
    });
    expect((await res.json()).code).toBe(200);
    await page.goto(`${env.server.url}/profile/info`);
    await page.waitForURL((u) => u.pathname === '/pass/login');
    await context.close();
  });
});
