import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';
import { useOwner } from '../support/owner.ts';

/**
 * The account centre and the help centre as a user walks them, in both layouts: change the email
 * with a code to the old address and one to the new, sign out another device from the sessions
 * list, read the sign-in history, search the help centre and open a result, and see the notice an
 * editor pinned on the home page (English and Arabic).
 */
const env = useJourney();
const owner = useOwner(env);
const layouts: Layout[] = ['desktop', 'mobile'];

async function openLanguage(page: Page, lang: string) {
  await page.getByTestId('lang-button').first().click();
  await page.getByTestId(`lang-option-${lang}`).click();
}

/** The editor pins the welcome notice (once for both layouts); answers its id. */
async function pinWelcome(): Promise<number> {
  const items = await owner.admin<{ id: number; slug: string; pinnedAt?: string | null }[]>('GET', 'content');
  const welcome = items.result.find((i) => i.slug === 'notice-welcome');
  if (!welcome) throw new Error('no welcome notice');
  if (!welcome.pinnedAt) {
    const pinned = await owner.admin('POST', `content/${welcome.id}/pin`, { pinned: true });
    expect(pinned, pinned.msg).toMatchObject({ code: 200 });
  }
  return welcome.id;
}

describe.each(layouts)('account centre journey (%s)', (layout) => {
  const username = `ac${Date.now().toString(36)}${layout === 'desktop' ? 'd' : 'm'}`;
  const email = `${username}@example.com`;
  const next = `${username}-new@example.com`;

  it('changes the email with codes to the old and new address, signs out another device, shows sign-ins', async () => {
    const context = await newContext(env.browser, layout);
    const page = await context.newPage();
    await registerNewUser(env, page, username);

    // A second device signs in too.
    const otherContext = await newContext(env.browser, layout);
    const other = await otherContext.newPage();
    await other.goto(`${env.server.url}/pass/login`);
    await dismissBoard(other);
    await other.getByTestId('login-username').fill(username);
    await other.getByTestId('login-password').fill('Journey123');
    await other.getByTestId('login-submit').click();
    await other.waitForURL((u) => !u.pathname.startsWith('/pass/'));

    await page.goto(`${env.server.url}/profile/info`);
    await dismissBoard(page);
    await page.goto(`${env.server.url}/profile/info`);
    await expect.poll(() => page.getByTestId('user-details').textContent()).toContain(email);

    // The email: a code to the current address, then one to the new.
    let before = env.server.messages.length;
    await page.getByTestId('contact-email-old-send-code').click();
    await page.getByTestId('contact-email-old-code').fill(await env.server.codeFor(email, before));
    await page.getByTestId('contact-email-address').fill(next);
    before = env.server.messages.length;
    await page.getByTestId('contact-email-new-send-code').click();
    await page.getByTestId('contact-email-new-code').fill(await env.server.codeFor(next, before));
    await page.getByTestId('contact-email-submit').click();
    await expect.poll(() => page.getByTestId('user-details').textContent(), { timeout: 10_000 }).toContain(next);

    // Sessions: this device and the other; sign the other out.
    const list = page.getByTestId('sessions-list');
    await list.scrollIntoViewIfNeeded();
    await expect.poll(() => list.locator('[data-testid^="session-revoke-"]').count()).toBe(1);
    await screenshot(page, `${layout}-account-sessions-en`);
    await list.locator('[data-testid^="session-revoke-"]').first().click();
    await expect.poll(() => list.locator('[data-testid^="session-revoke-"]').count()).toBe(0);
    await other.goto(`${env.server.url}/profile/info`);
    await other.waitForURL((u) => u.pathname === '/pass/login', { timeout: 15_000 });

    // The sign-in history: the registration and the other device's sign-in.
    const history = page.getByTestId('sign-in-history');
    await history.scrollIntoViewIfNeeded();
    await expect.poll(() => history.getByTestId('sign-in-row').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, `${layout}-account-history-en`);

    // In Arabic (right to left).
    await openLanguage(page, 'ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('sessions-list').scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-account-sessions-ar`);
    await openLanguage(page, 'en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await otherContext.close();
    await context.close();
  });

  it('searches the help centre and opens a result; sees the pinned notice on the home page', async () => {
    await pinWelcome();
    const context = await newContext(env.browser, layout);
    const page = await context.newPage();
    // A visitor, signed out: the help centre and its contact card are open to them.
    await page.goto(`${env.server.url}/help`);
    // The mobile board's Skip goes home: come back to the help centre after it.
    await dismissBoard(page);
    await page.goto(`${env.server.url}/help`);
    await expect.poll(() => page.getByTestId('help-contact').isVisible()).toBe(true);
    await page.getByTestId('help-search-input').fill('DEMO');
    await page.getByTestId('help-search-submit').click();
    await expect.poll(() => page.getByTestId('help-hit-faq-demo').isVisible()).toBe(true);
    await screenshot(page, `${layout}-help-search-en`);
    await page.getByTestId('help-hit-notice-demo').click();
    await page.waitForURL((u) => u.pathname === '/detail');
    await expect.poll(() => page.locator('h1, h2').first().textContent()).toMatch(/demo/i);

    await page.goto(`${env.server.url}/`);
    const banner = page.getByTestId('home-pinned-notice');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toMatch(/Welcome/);
    await screenshot(page, `${layout}-home-pinned-en`);
    await openLanguage(page, 'ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => banner.textContent()).toMatch(/[\u0600-\u06ff]/);
    await screenshot(page, `${layout}-home-pinned-ar`);

    await page.goto(`${env.server.url}/help`);
    await page.getByTestId('help-search-input').fill('التجريبي');
    await page.getByTestId('help-search-submit').click();
    await expect.poll(() => page.getByTestId('help-hit-faq-demo').isVisible()).toBe(true);
    await screenshot(page, `${layout}-help-search-ar`);
    await page.getByTestId('help-hit-notice-demo').click();
    await page.waitForURL((u) => u.pathname === '/detail');
    await context.close();
  });
});
