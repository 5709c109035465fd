import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { logInAsDemo, useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';
import { cardPng } from '../support/png.ts';

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

/** Figures are isolated left to right (bidi marks): compare their characters. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '');

const owner = useOwner(env);
const ownerPage = owner.page;
const setReceivingAddress = () => owner.setReceivingAddress(RECEIVING_ADDRESS);

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

/** A 96 × 64 receipt-like card in `rgb`, so each layout's proof is an image of its own. */
const proofPng = ([r, g, b]: [number, number, number]) =>
  cardPng(96, 64, (x, y) => {
    const card = x > 8 && x < 96 - 8 && y > 8 && y < 64 - 8;
    const line = card && y % 12 === 0 && x < 96 - 24;
    return line ? [r, g, b] : card ? [255, 255, 255] : [244, 246, 248];
  });

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
