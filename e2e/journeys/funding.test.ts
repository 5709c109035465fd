import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { logInAsDemo, useJourney } from '../support/journey.ts';

/**
 * Money in and out, in both layouts, in English: the operator has set USDT's TRC20 receiving
 * address (through the admin API); the demo user, switched to the real account, declares a deposit
 * on /profile/deposit with a proof image; the owner approves it in the console's Deposits screen;
 * the user's bell counts the notification and /profile/balance shows the new real balance. Then the
 * user (a withdrawal password set through the API) withdraws on /profile/withdraw, seeing the quote
 * and the confirm dialog; the owner rejects it with a reason in the console's Withdrawals screen;
 * the user reads the reason in My withdrawals and has the whole amount available again.
 */
const env = useJourney();

const RECEIVING_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** A valid TRON address (base58check) for the user to withdraw to. */
const USER_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TX_PASSWORD = '246810';

type Envelope<T> = { code: number; msg: string; result: T };

/** Figures are isolated left to right (bidi marks): compare their characters. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '');

// ------------------------------------------------------------------ the owner, signed in once

let secret = '';
let owner: Page | null = null;

function firstOwner(): { email: string; password: string } {
  const text = fs.readFileSync(path.join(env.server.dataDir, 'initial-admin.txt'), 'utf8');
  return {
    email: /^email: (.+)$/m.exec(text)?.[1] ?? '',
    password: /^password: (.+)$/m.exec(text)?.[1] ?? '',
  };
}

/** The first owner in a desktop console, enrolled in TOTP on the first sign-in (owners must use it). */
async function ownerPage(): Promise<Page> {
  if (owner) return owner;
  const page = await (await newContext(env.browser, 'desktop')).newPage();
  const { email, password } = firstOwner();
  await page.goto(`${env.server.url}/admin/`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/enrol$/);
  await page.getByRole('button', { name: 'Show my QR code' }).click();
  await expect.poll(() => page.getByTestId('totp-secret').textContent()).toMatch(/[A-Z2-7]{16,}/);
  secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  owner = page;
  return page;
}

/** An admin API call with the owner's console session. */
async function admin<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Envelope<T>> {
  const page = await ownerPage();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ob.admin.session') ?? '{}').token);
  const res = await fetch(`${env.server.url}/swx/admin/${apiPath}`, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Envelope<T>;
}

/** USDT on TRC20 receives at the operator's address (a fresh install receives nothing without one). */
async function setReceivingAddress() {
  const networks = await admin<{ list: { id: number; currency: string; network: string; address: string | null }[] }>(
    'GET',
    'networks',
  );
  const trc20 = networks.result.list.find((n) => n.currency === 'USDT' && n.network === 'TRC20');
  if (!trc20) throw new Error('no USDT TRC20 network');
  if (trc20.address === RECEIVING_ADDRESS) return;
  const saved = await admin('POST', `networks/${trc20.id}`, { address: RECEIVING_ADDRESS });
  expect(saved, saved.msg).toMatchObject({ code: 200 });
}

// ------------------------------------------------------------------ the user's calls (setup and checks)

/** A customer API call from the page, with its session token, in the real account. */
function call<T>(page: Page, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/swx/customer/${apiPath}`, {
        method,
        headers: {
          authorization: sessionStorage.getItem('ob.token') ?? '',
          virtually: 'NO',
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, apiPath, body },
  ) as Promise<Envelope<T>>;
}

/** The user's real USDT available balance, as the server has it. */
async function realUsdt(page: Page): Promise<string> {
  const b = await call<{ balances: { currency: string; available: string }[] }>(page, 'GET', 'user/getBalances');
  return b.result.balances.find((x) => x.currency === 'USDT')?.available ?? '0';
}

/** The withdrawal password, set through the API with the code the server "sends" to the user's email. */
async function ensureTxPassword(page: Page) {
  const info = await call<{ email: string; hasWithdrawalPassword: boolean }>(page, 'POST', 'user/getUserInfo', {});
  expect(info, info.msg).toMatchObject({ code: 200 });
  if (info.result.hasWithdrawalPassword) return;
  const since = env.server.messages.length;
  const sent = await call(page, 'POST', 'login/sendCode', { channel: 'account', purpose: 'withdrawPassword' });
  expect(sent, sent.msg).toMatchObject({ code: 200 });
  const code = await env.server.codeFor(info.result.email, since);
  const set = await call(page, 'POST', 'user/repasswordTx', { code, txPassword: TX_PASSWORD });
  expect(set, set.msg).toMatchObject({ code: 200 });
}

/**
 * A small PNG made here (node:zlib, no image library): a 96 × 64 receipt-like card, its colour
 * `rgb`, so each layout's proof is an image of its own.
 */
function proofPng([r, g, b]: [number, number, number]): Buffer {
  const width = 96;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const card = x > 8 && x < width - 8 && y > 8 && y < height - 8;
      const line = card && y % 12 === 0 && x < width - 24;
      const [pr, pg, pb] = line ? [r, g, b] : card ? [255, 255, 255] : [244, 246, 248];
      row.set([pr, pg, pb], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whole USDT amounts in cents, for the expected figures (the test's own numbers are whole). */
const cents = (s: string) => Math.round(Number(s) * 100);
const usdt = (c: number) =>
  `${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

/** Waits for running animations (a dialog's entrance) to end, for the screenshot. */
function settled(page: Page) {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function badge(page: Page): Promise<number> {
  const b = page.getByTestId('notifications-badge');
  if ((await b.count()) === 0) return 0;
  return Number.parseInt((await b.first().textContent()) ?? '', 10) || 0;
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('funding journey (%s)', (layout) => {
  it('a deposit declared, approved and credited; a withdrawal quoted, confirmed, rejected and released', async () => {
    await setReceivingAddress();
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsDemo(page, env.server.url);

    // Deposit: the demo account is told deposits go to the real account, and switches.
    await page.goto(`${env.server.url}/profile/deposit`);
    const switchToReal = page.getByTestId('deposit-switch-real');
    const form = page.getByTestId('deposit-form');
    await expect.poll(async () => (await switchToReal.isVisible()) || (await form.isVisible())).toBe(true);
    if (await switchToReal.isVisible()) await switchToReal.click();
    await form.waitFor();
    const before = await realUsdt(page);
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toContain(RECEIVING_ADDRESS);
    const txHash = (layout === 'desktop' ? 'a1' : 'b2').repeat(32);
    await page.getByTestId('deposit-amount').fill('150');
    await page.getByTestId('deposit-txHash').fill(txHash);
    await page.getByTestId('deposit-last6').fill('Fq3x9Z');
    await page.getByTestId('deposit-proof-input').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: proofPng(layout === 'desktop' ? [26, 188, 156] : [231, 76, 60]),
    });
    await page.getByTestId('deposit-proof-remove').waitFor();
    await screenshot(page, `${layout}-funding-deposit-form`);
    await page.getByTestId('deposit-submit').click();
    await page.getByText('Deposit submitted for review').waitFor();
    await expect.poll(() => page.getByTestId('deposit-row').first().getAttribute('data-status')).toBe('pending');
    const badgeBefore = await badge(page);

    // The owner approves it in the console's Deposits screen, after seeing its proof.
    const back = await ownerPage();
    await back.goto(`${env.server.url}/admin/deposits`);
    await back
      .getByRole('row', { name: /demo.*Pending/ })
      .first()
      .click();
    const review = back.getByRole('dialog', { name: /^Deposit \d+/ });
    await expect
      .poll(() => review.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText(/by owner@openbourse\.local/).waitFor();
    await screenshot(back, `${layout}-funding-admin-approved`);
    await review.getByRole('button', { name: 'Close' }).click();

    // The user: the bell counts the notification; the real balance has the deposit.
    await expect.poll(() => badge(page), { timeout: 15_000 }).toBeGreaterThan(badgeBefore);
    const credited = cents(before) + 150_00;
    await page.goto(`${env.server.url}/profile/balance`);
    await expect
      .poll(async () => plain(await page.getByTestId('balance-headline').textContent()))
      .toContain(usdt(credited).replace(' USDT', ''));
    await screenshot(page, `${layout}-funding-balance`);

    // Withdraw 100 USDT on TRC20: the quote before confirming, the same figures in the dialog.
    await ensureTxPassword(page);
    await page.goto(`${env.server.url}/profile/withdraw`);
    await page.getByTestId('withdraw-form').waitFor();
    await expect
      .poll(async () => plain(await page.getByTestId('withdraw-quote-available').textContent()))
      .toBe(usdt(credited));
    await page.getByTestId('withdraw-address').fill(USER_ADDRESS);
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-txPassword').fill(TX_PASSWORD);
    // 0.5 % of 100: 0.50 USDT on top, 100.50 held.
    await expect
      .poll(async () => plain(await page.getByTestId('withdraw-quote-total').textContent()))
      .toBe('100.50 USDT');
    expect(plain(await page.getByTestId('withdraw-quote-fee').textContent())).toBe('0.50 USDT');
    await screenshot(page, `${layout}-funding-withdraw-quote`);
    await page.getByTestId('withdraw-submit').click();
    const confirm = page.getByTestId('withdraw-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('withdraw-confirm-address').textContent()).toBe(USER_ADDRESS);
    expect(plain(await confirm.getByTestId('withdraw-confirm-quote-received').textContent())).toBe('100.00 USDT');
    await confirm.getByTestId('withdraw-confirm-submit').scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `${layout}-funding-withdraw-confirm`);
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await page.getByText('Withdrawal submitted for review').waitFor();
    await expect.poll(() => page.getByTestId('withdraw-row').first().getAttribute('data-status')).toBe('pending');
    await expect
      .poll(async () => plain(await page.getByTestId('withdraw-quote-available').textContent()))
      .toBe(usdt(credited - 100_50));

    // The owner rejects it with a reason in the console's Withdrawals screen.
    const mine = await call<{ list: { id: number }[] }>(page, 'GET', 'user/listWithdrwal?page=1&size=1');
    const id = mine.result.list[0]?.id;
    const reason = 'The receiving address failed our screening';
    await back.goto(`${env.server.url}/admin/withdrawals`);
    await back
      .getByRole('row', { name: /demo.*Pending/ })
      .first()
      .click();
    const decision = back.getByRole('dialog', { name: `Withdrawal ${id}` });
    await decision.getByRole('button', { name: 'Reject…' }).click();
    const ask = back.getByRole('dialog', { name: 'Reject the withdrawal' });
    await ask.getByLabel('Reason').fill(reason);
    await ask.getByRole('button', { name: 'Reject withdrawal' }).click();
    await decision.getByText(reason).waitFor();
    await screenshot(back, `${layout}-funding-admin-withdrawal-rejected`);
    await decision.getByRole('button', { name: 'Close' }).click();

    // The user reads the reason, and has the amount and the fee available again.
    await page.reload();
    const row = page.getByTestId('withdraw-row').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('rejected');
    expect(await row.getByTestId('withdraw-row-reason').textContent()).toContain(reason);
    await expect
      .poll(async () => plain(await page.getByTestId('withdraw-quote-available').textContent()))
      .toBe(usdt(credited));
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-funding-withdraw-rejected`);
    expect(cents(await realUsdt(page))).toBe(credited);
    expect(errors).toEqual([]);
    await context.close();
  });
});
