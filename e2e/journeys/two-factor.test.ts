import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';
import { call, useOwner } from '../support/owner.ts';

/**
 * Two-step verification as a new user walks it, in the desktop layout and in the mobile one: the user
 * registers, is credited 150 USDT and sets a withdrawal password (API); from the account centre they
 * open Security, set up the authenticator app (the password first, then the QR code and its key; the
 * code is computed here as an app would, with otpauth), and see the ten recovery codes once. They sign
 * out and in again: the password alone is not enough, the second step asks for the code. Then they
 * withdraw 100 USDT: the form asks for a current code beside the withdrawal password, and the request
 * goes through for review. Each code is of a later 30-second step than the one before (a step is
 * accepted once), within the server's ±1 step. Pages photographed in both layouts (security in Arabic
 * too); axe finds no serious violations on the security page and the second step.
 */
// The journey waits for later 30-second steps (up to a minute), and the server may start slowly on a
// loaded machine: more time than the suite's default.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
const env = useJourney();
const owner = useOwner(env);

const PASSWORD = 'Journey123';
const TX_PASSWORD = '246810';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const STEP_MS = 30_000;

const stepNow = () => Math.floor(Date.now() / STEP_MS);

/** The code of `step` (the server takes the previous, current and next step's). */
function codeOf(secret: string, step: number): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS });
}

/** Waits until `step` is at most one step ahead of now, so the server accepts its code. */
async function untilUsable(step: number) {
  while (stepNow() < step - 1) await new Promise((r) => setTimeout(r, 250));
}

/** The withdrawal password, set through the API with the code mailed to the user. */
async function setTxPassword(page: Page, email: string) {
  const since = env.server.messages.length;
  const sent = await call(page, 'POST', 'login/sendCode', { channel: 'account', purpose: 'withdrawPassword' });
  expect(sent, sent.msg).toMatchObject({ code: 200 });
  const code = await env.server.codeFor(email, since);
  const set = await call(page, 'POST', 'user/repasswordTx', { code, txPassword: TX_PASSWORD });
  expect(set, set.msg).toMatchObject({ code: 200 });
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('two-factor journey (%s)', (layout) => {
  it('sets up the authenticator app, signs in with a code and withdraws with another', async () => {
    const context = await newContext(env.browser, layout);
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    // Slow machines (suites side by side): navigations get more than Playwright's 30 s.
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const username = `tf${layout}${Date.now().toString(36).slice(-5)}`;
    await registerNewUser(env, page, username);
    await setTxPassword(page, `${username}@example.com`);
    await creditDeposit(owner, page, username, '150');

    // The account centre leads to Security.
    await page.goto(`${env.server.url}/profile/info`);
    await page.getByTestId('info-security').click();
    await page.waitForURL((u) => u.pathname === '/profile/security');
    await expect.poll(() => page.getByTestId('security-totp-state').textContent()).toBe('Off');
    await screenshot(page, `${layout}-two-factor-security-off`);

    // Set up: the password first, then the QR code and its key, shown once.
    await page.getByTestId('security-totp-enable').click();
    await page.getByTestId('security-confirm-password').fill(PASSWORD);
    await page.getByTestId('security-confirm-submit').click();
    const secretEl = page.getByTestId('security-totp-secret');
    await secretEl.waitFor();
    const secret = ((await secretEl.textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is of the otpauth:// URI holding that very key.
    await expect
      .poll(() => page.getByTestId('security-totp-qr').getAttribute('data-text'))
      .toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
    await screenshot(page, `${layout}-two-factor-enrol`);
    // A wrong code first: said on the field, nothing enabled.
    const first = stepNow();
    const right = codeOf(secret, first);
    await page.getByTestId('security-totp-code').fill(right === '000000' ? '111111' : '000000');
    await page.getByTestId('security-totp-confirm').click();
    await page.getByText('The code, passkey or recovery code is wrong, expired or already used').waitFor();
    await page.getByTestId('security-totp-code').fill(codeOf(secret, first));
    await page.getByTestId('security-totp-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await screenshot(page, `${layout}-two-factor-recovery-codes`);
    await page.getByTestId('recovery-done').click();
    await expect.poll(() => page.getByTestId('security-totp-state').textContent()).toBe('On');
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // In Arabic, right to left.
    await page.evaluate(() => {
      sessionStorage.setItem('ob.lang', 'ar');
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('security-totp-state').waitFor();
    await screenshot(page, `${layout}-two-factor-security-ar`);
    await page.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');

    // Sign out, then in: the password alone leads to the second step.
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname.startsWith('/pass/'));
    await page.goto(`${env.server.url}/pass/login`);
    await dismissBoard(page);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/pass/two-factor');
    await page.getByTestId('two-factor-code').waitFor();
    expect(await page.getByTestId('two-factor-use-recovery').count()).toBe(1);
    await screenshot(page, `${layout}-two-factor-sign-in`);
    expect(await axeViolations(page)).toEqual([]);
    // The enrolment's code again: its step is spent.
    await page.getByTestId('two-factor-code').fill(codeOf(secret, first));
    await page.getByTestId('two-factor-submit').click();
    await page.getByText('The code, passkey or recovery code is wrong, expired or already used').waitFor();
    await untilUsable(first + 1);
    await page.getByTestId('two-factor-code').fill(codeOf(secret, first + 1));
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));

    // Withdraw 100 USDT: the form asks for a current code beside the withdrawal password.
    await page.goto(`${env.server.url}/profile/withdraw`);
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('withdraw-address').fill(ADDRESS);
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-txPassword').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-proof-code').waitFor();
    await page.getByTestId('withdraw-submit').click();
    await page
      .getByText('Confirm with your second factor (authenticator code, passkey or recovery code)')
      .first()
      .waitFor();
    await untilUsable(first + 2);
    await page.getByTestId('withdraw-proof-code').fill(codeOf(secret, first + 2));
    await screenshot(page, `${layout}-two-factor-withdraw`);
    await page.getByTestId('withdraw-submit').click();
    const confirm = page.getByTestId('withdraw-confirm');
    await confirm.waitFor();
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await page.getByText('Withdrawal submitted for review').first().waitFor();
    await expect.poll(() => page.getByTestId('withdraw-row').first().getAttribute('data-status')).toBe('pending');
    await screenshot(page, `${layout}-two-factor-withdrawn`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
