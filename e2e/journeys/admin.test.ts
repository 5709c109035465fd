import fs from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';

/**
 * The back office at /admin/, as an operator meets it after `npm start`: the first owner (its
 * password in DATA_DIR/initial-admin.txt) signs in and sets up TOTP from the QR code's key, edits
 * BTCUSDT's fee and a footer page's English title, and the user app shows both (the order ticket's
 * fee, the footer link); sets USDT's TRC20 receiving address and approves the demo user's deposit to
 * it after looking at its proof; on a phone the owner signs in again with a code and finds both edits in the
 * audit log; a reviewer the owner creates cannot open the parameters screen, and rejects a deposit
 * with a reason.
 */
const env = useJourney();

let secret = '';
const totp = (offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

function firstOwner(): { email: string; password: string } {
  const text = fs.readFileSync(path.join(env.server.dataDir, 'initial-admin.txt'), 'utf8');
  return {
    email: /^email: (.+)$/m.exec(text)?.[1] ?? '',
    password: /^password: (.+)$/m.exec(text)?.[1] ?? '',
  };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${env.server.url}/admin/`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function demoTicketFee(page: Page): Promise<string> {
  await page.goto(`${env.server.url}/market?type=crypto`);
  await page.getByTestId('market-search').fill('btc');
  await page.getByTestId('market-row-BTCUSDT').click();
  await page.getByTestId('instrument-view').waitFor();
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-market').click();
  await page.getByTestId('ticket-lots').fill('0.01');
  await page.getByTestId('ticket-leverage').fill('10');
  await expect.poll(() => page.getByTestId('ticket-fee').textContent(), { timeout: 10_000 }).toMatch(/\d.*USDT/);
  // The figure is isolated left to right (bidi marks around it): compare its characters.
  return ((await page.getByTestId('ticket-fee').textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
}

/**
 * The demo user declares a USDT deposit on TRC20 through the customer API, with a proof image (a
 * rendered wallet receipt), as the deposit page does; answers the deposit's id.
 */
async function declareDeposit(page: Page, txHash: string): Promise<number> {
  const base = env.server.url;
  const login = await fetch(`${base}/swx/customer/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo12345' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  await page.setViewportSize({ width: 480, height: 640 });
  await page.setContent(
    `<body style="margin:0;font:20px sans-serif;background:#f4f6f8"><div style="margin:40px;padding:24px;background:#fff;border-radius:12px">
      <h2>Transfer sent</h2><p><b>150 USDT</b> (TRC20)</p><p>To TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t</p>
      <p style="word-break:break-all;font-size:14px">Hash ${txHash}</p></div></body>`,
  );
  const form = new FormData();
  form.append('purpose', 'deposit-proof');
  form.append('file', new Blob([new Uint8Array(await page.screenshot())], { type: 'image/png' }), 'receipt.png');
  const upload = await fetch(`${base}/swx/customer/file/upload`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  const proof = (await upload.json()) as { code: number; result: { id: string } };
  expect(proof.code).toBe(200);
  const recharge = await fetch(`${base}/swx/customer/user/recharge`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      currency: 'USDT',
      network: 'TRC20',
      amount: '150',
      txHash,
      last6: 'Fq3x9Z',
      proofFileId: proof.result.id,
    }),
  });
  const deposit = (await recharge.json()) as { code: number; msg: string; result: { id: number } };
  expect(deposit, deposit.msg).toMatchObject({ code: 200 });
  return deposit.result.id;
}

describe('back office journey', () => {
  it('desktop: the first owner enrols TOTP, edits a fee and a content item, and the user app shows both', async () => {
    const owner = firstOwner();
    expect(owner.email).toBe('owner@openbourse.local');

    // The user app before: the demo user's ticket charges BTCUSDT's seeded fee.
    const user = await (await newContext(env.browser, 'desktop')).newPage();
    await user.goto(`${env.server.url}/pass/login`);
    await user.getByTestId('login-username').fill('demo');
    await user.getByTestId('login-password').fill('Demo12345');
    await user.getByTestId('login-submit').click();
    await user.waitForURL((u) => !u.pathname.startsWith('/pass/'));
    expect(await demoTicketFee(user)).not.toMatch(/^0\.00\b/);

    const context = await newContext(env.browser, 'desktop');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Owners must use TOTP: the first sign-in may only enrol.
    await signIn(page, owner.email, owner.password);
    await page.waitForURL(/\/admin\/enrol$/);
    await page.getByRole('button', { name: 'Show my QR code' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(/^data:image\/png/);
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'desktop-admin-enrol');
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Authenticator code').fill(totp());
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.getByText('Balanced').isVisible()).toBe(true);
    await screenshot(page, 'desktop-admin-dashboard');

    // Instruments: BTCUSDT's fee to zero.
    await page.getByRole('link', { name: 'Instruments' }).click();
    await page.getByLabel('Filter instruments').fill('BTC');
    await page.getByRole('button', { name: 'Edit BTCUSDT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit BTCUSDT' });
    await dialog.getByLabel('Fee (fraction of notional)').fill('0.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBeTruthy(); // 0.5 is over the 1 % cap
    await dialog.getByLabel('Fee (fraction of notional)').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('BTCUSDT saved.').waitFor();
    await screenshot(page, 'desktop-admin-instruments');

    // Spot pairs, beside the instruments: BTC/USDT's taker fee (over the 10 % cap first, said on the field).
    await page.getByRole('link', { name: 'Spot pairs' }).click();
    await page.getByRole('button', { name: 'Edit BTC/USDT' }).click();
    const spot = page.getByRole('dialog', { name: 'Edit BTC/USDT' });
    await spot.getByLabel('Taker fee (fraction)').fill('0.5');
    await spot.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => spot.getByLabel('Taker fee (fraction)').getAttribute('aria-invalid')).toBe('true');
    await spot.getByLabel('Taker fee (fraction)').fill('0.0012');
    await spot.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('BTC/USDT saved.').waitFor();
    await page.getByText('taker 0.12 %').waitFor();
    await screenshot(page, 'desktop-admin-spot-pairs');

    // Networks: USDT on TRC20 gets its receiving address (a fresh install receives nothing without one).
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    await page.getByRole('link', { name: 'Networks' }).click();
    await page.getByRole('button', { name: 'Edit USDT TRC20' }).click();
    const network = page.getByRole('dialog', { name: 'Edit USDT on TRC20' });
    await network.getByLabel('Receiving address').fill('0x52908400098527886E0F7030069857D2E4169EE7'); // Ethereum's
    await network.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => network.getByLabel('Receiving address').getAttribute('aria-invalid')).toBe('true');
    await network.getByLabel('Receiving address').fill(address);
    await network.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('USDT on TRC20 saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('row', { name: /TRC20/ }).first().textContent()).toContain(address);
    await screenshot(page, 'desktop-admin-networks');

    // Deposits: the demo user declares one to that address; the owner sees the proof and approves it.
    const txHash = `${'c0ffee'.repeat(10)}1a2b`;
    const depositId = await declareDeposit(await context.newPage(), txHash);
    await page.getByRole('link', { name: 'Deposits' }).click();
    await page.getByRole('row', { name: /demo/ }).first().click();
    const review = page.getByRole('dialog', { name: `Deposit ${depositId}` });
    await expect
      .poll(() => review.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await review.getByText(address).count()).toBe(1);
    await screenshot(page, 'desktop-admin-deposit');
    // Zoomed to 2× the proof scrolls in its panel; the original opens in a tab of its own.
    await review.getByTestId('proof-viewer').getByText('2×', { exact: true }).click();
    expect(await review.getByRole('img').evaluate((img: HTMLImageElement) => img.width)).toBe(960);
    await screenshot(page, 'desktop-admin-deposit-zoom');
    await review.getByRole('img').click(); // 2× → fit
    const [original] = await Promise.all([
      page.waitForEvent('popup'),
      review.getByRole('button', { name: 'Open original' }).click(),
    ]);
    await expect.poll(() => original.url()).toMatch(/^blob:/);
    await original.close();
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText(/by owner@openbourse\.local/).waitFor();
    await review.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('row', { name: /demo.*Approved/ }).waitFor();
    await screenshot(page, 'desktop-admin-deposits');

    // Content: the "About us" footer page gets a new English title; Japanese keeps its own.
    await page.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('row', { name: /about-us/ }).click();
    const english = page.locator('fieldset[data-lang="en"]');
    await expect.poll(() => english.getByLabel('Title').inputValue()).toBe('About us');
    await english.getByLabel('Title').fill('About this broker');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/^Saved\./).waitFor();
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Preview' }).locator('h1').textContent())
      .toBe('About this broker');
    await screenshot(page, 'desktop-admin-content');

    // The user app: the ticket charges no fee now, and the footer names the page anew.
    expect(await demoTicketFee(user)).toMatch(/^0\.00\b/);
    await user.goto(`${env.server.url}/`);
    await expect
      .poll(() => user.getByTestId('footer-content-about-us').textContent(), { timeout: 10_000 })
      .toBe('About this broker');

    // A reviewer (two-factor not required for this account) for the next test.
    await page.getByRole('link', { name: 'Admins' }).click();
    await page.getByRole('button', { name: 'New admin' }).click();
    const create = page.getByRole('dialog', { name: 'New admin' });
    await create.getByLabel('Email').fill('reviewer@example.com');
    await create.getByLabel('Name').fill('Risk Reviewer');
    await create.getByLabel('Initial password').fill('Review1234');
    await create.getByLabel('Role').selectOption('reviewer');
    await create.getByText('Require two-factor sign-in').click();
    expect(await create.getByRole('switch').isChecked()).toBe(false);
    await create.getByRole('button', { name: 'Create admin' }).click();
    await page.getByRole('row', { name: /reviewer@example\.com/ }).waitFor();
    await screenshot(page, 'desktop-admin-admins');
    expect(errors).toEqual([]);
    await context.close();
    await user.context().close();
  });

  it('mobile: the owner signs in with a code and finds both edits in the audit log', async () => {
    const owner = firstOwner();
    const context = await newContext(env.browser, 'mobile');
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    // The account has TOTP now: the password alone is not enough.
    await page.getByLabel('Authenticator code').waitFor();
    // A code is accepted once: the enrolment used this 30-second step, so sign in with the next one.
    await page.getByLabel('Authenticator code').fill(totp(1));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screenshot(page, 'mobile-admin-dashboard');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByRole('row', { name: /instruments\.edit/ }).click();
    const entry = page.getByRole('dialog', { name: /Audit entry/ });
    const feeRow = entry.getByRole('row', { name: /feeRate/ });
    await expect.poll(() => feeRow.locator('.changes__after').textContent()).toBe('0');
    expect(await feeRow.locator('.changes__before').textContent()).not.toBe('0');
    await screenshot(page, 'mobile-admin-audit-entry');
    await entry.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Action').fill('content');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('row', { name: /content\.update/ }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a reviewer cannot open the parameters screen, and rejects a deposit with a reason', async () => {
    const context = await newContext(env.browser, 'desktop');
    const page = await context.newPage();
    await signIn(page, 'reviewer@example.com', 'Review1234');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('complementary', { name: 'Console' });
    await expect.poll(() => nav.getByRole('link', { name: 'Users' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Parameters' }).count()).toBe(0);
    await page.goto(`${env.server.url}/admin/params`);
    await page.getByTestId('no-access').waitFor();
    await screenshot(page, 'desktop-admin-reviewer-no-access');

    // A reviewer decides deposits: this one is rejected with the reason the user will read.
    const depositId = await declareDeposit(await context.newPage(), 'ab'.repeat(32));
    await page.getByRole('link', { name: 'Deposits' }).click();
    await page.getByRole('row', { name: /demo.*Pending/ }).click();
    const review = page.getByRole('dialog', { name: `Deposit ${depositId}` });
    await expect
      .poll(() => review.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await review.getByRole('button', { name: 'Reject…' }).click();
    const ask = page.getByRole('dialog', { name: 'Reject the deposit' });
    await ask.getByLabel('Reason').fill('No transfer of 150 USDT with this hash reached our address');
    await screenshot(page, 'desktop-admin-deposit-reject');
    await ask.getByRole('button', { name: 'Reject deposit' }).click();
    await review.getByText('No transfer of 150 USDT with this hash reached our address').waitFor();
    await review.getByText(/by reviewer@example\.com/).waitFor();
    // The server refuses too, whatever the page shows.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ob.admin.session') ?? '{}').token);
    const res = await fetch(`${env.server.url}/swx/admin/params`, { headers: { Authorization: token } });
    expect(((await res.json()) as { code: number }).code).toBe(40020);
    await context.close();
  });
});
