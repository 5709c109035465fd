import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../support/browser.ts';
import { creditDeposit, plain, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';
import { cardPng } from '../support/png.ts';

/**
 * Identity and a loan, in the desktop layout, in English, as a new user walks it: they register by
 * email, verify their identity on /profile/verify (three photos uploaded, a passport); the owner
 * approves it in the console's KYC screen after seeing the photos; the user borrows on /loan under the
 * seeded "Quick loan" (0.05 %/day after 7 interest-free days): the calculator's figures, refused while
 * unsigned, the agreement signed in the box with the mouse, "I agree"; the owner approves the loan in
 * the console and the principal arrives in the user's real balance; the server's clock moves nine
 * days ahead, two of them past the free days, so 1.00 USDT of interest has accrued, one ledger entry a
 * day; the user cannot repay 1,001.00 with 1,000.00 (10011), a deposit is credited, the user repays,
 * and the ledger's trial balance holds.
 */
const env = useJourney();

const owner = useOwner(env);
const { admin } = owner;
const ownerPage = owner.page;

/** A 120 × 80 card in `rgb` on a light page, so each photo is an image of its own. */
const photo = ([r, g, b]: [number, number, number]) =>
  cardPng(120, 80, (x, y) => (x > 10 && x < 120 - 10 && y > 10 && y < 80 - 10 ? [r, g, b] : [240, 242, 245]));

async function signInBox(page: Page) {
  const canvas = page.getByTestId('loan-signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature box');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 30 + i * 10, box.y + box.height / 2 + Math.sin(i / 2) * 25, { steps: 2 });
  }
  await page.mouse.up();
}

const DAY = 86_400_000;

describe('identity verification and a loan', () => {
  it('a new user verifies, borrows under a signed agreement, pays two days of interest and repays', async () => {
    const username = `loan${Date.now().toString(36)}`;
    const page = await (await newContext(env.browser, 'desktop')).newPage();
    await registerNewUser(env, page, username);

    // ---- identity verification from the account centre
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('profile-verify').click();
    await page.getByTestId('kyc-form').waitFor();
    await page.getByTestId('kyc-firstName').fill('Ada');
    await page.getByTestId('kyc-lastName').fill('Lovelace');
    await page.getByTestId('kyc-birthDate').fill('1990-12-10');
    await page.getByTestId('kyc-sex').selectOption('female');
    await page.getByTestId('kyc-country').selectOption('GB');
    await page.getByTestId('kyc-phone').fill('+44 7700 900123');
    await page.getByTestId('kyc-address').fill('12 St James’s Square, London');
    await page.getByTestId('kyc-doc-passport').check();
    await page
      .getByTestId('kyc-photo-front-input')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo([30, 90, 160]) });
    await page
      .getByTestId('kyc-photo-inHand-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo([160, 90, 30]) });
    await expect.poll(() => page.getByTestId('kyc-photo-front').getAttribute('data-state')).toBe('uploaded');
    await expect.poll(() => page.getByTestId('kyc-photo-inHand').getAttribute('data-state')).toBe('uploaded');
    await screenshot(page, 'loan-desktop-en-kyc-form');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('pending');
    await expect(page.getByTestId('kyc-status').textContent()).resolves.toContain('within 48 hours');

    // ---- the owner verifies it in the console, after seeing the photos
    const back = await ownerPage();
    await back.goto(`${env.server.url}/admin/kyc`);
    await back
      .getByRole('row', { name: new RegExp(username) })
      .first()
      .click();
    const application = back.getByRole('dialog', { name: /KYC application/ });
    await application
      .getByRole('img', { name: /passport/ })
      .first()
      .waitFor();
    await application.getByRole('button', { name: 'Approve' }).click();
    await back.getByRole('row', { name: new RegExp(`${username}.*Verified`) }).waitFor();
    await screenshot(back, 'loan-desktop-admin-kyc');

    // ---- the loan: figures, agreement, signature
    await page.goto(`${env.server.url}/loan`);
    await expect.poll(() => page.getByTestId('loan-kyc-card').textContent()).toContain('Verified');
    await page.getByTestId('loan-amount').fill('1000');
    await page.getByTestId('loan-term-30').check();
    // 1000 × 0.05 % = 0.50 a day for the 23 days after the 7 free ones.
    await expect
      .poll(async () => plain(await page.getByTestId('loan-figure-totalInterest').textContent()))
      .toBe('11.50 USDT');
    expect(plain(await page.getByTestId('loan-figure-totalRepayment').textContent())).toBe('1,011.50 USDT');

    // Unsigned: refused in the page, nothing sent.
    await page.getByTestId('loan-submit').click();
    await page.getByTestId('loan-signature-error').waitFor();
    await signInBox(page);
    await expect.poll(() => page.getByTestId('loan-submit').getAttribute('data-signed')).toBe('true');
    await page.getByTestId('loan-agree').check();
    await screenshot(page, 'loan-desktop-en-signed');
    await page.getByTestId('loan-submit').click();
    await expect.poll(() => page.getByTestId('loan-row').first().getAttribute('data-status')).toBe('pending');
    // The signed agreement: a PDF fetched with the session, opened in a tab of its own.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('loan-row-agreement').first().click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // ---- the owner approves it in the console: the principal is paid
    await back.goto(`${env.server.url}/admin/loans`);
    await back
      .getByRole('row', { name: new RegExp(username) })
      .first()
      .click();
    const review = back.getByRole('dialog', { name: /^Loan / });
    await review.getByRole('button', { name: 'Approve' }).click();
    await back.getByRole('row', { name: new RegExp(`${username}.*Repaying`, 'i') }).waitFor();

    await page.reload();
    await expect.poll(() => page.getByTestId('loan-row').first().getAttribute('data-status')).toBe('repaying');
    expect(await realUsdt(page)).toMatch(/^1000(\.0+)?$/);
    expect(plain(await page.getByTestId('loan-row-owed').first().textContent())).toBe('1,000.00 USDT');

    // ---- nine days on: the 7 free days and two days of interest (0.50 each), posted by the job runner
    env.server.advanceClock(9 * DAY + 60_000);
    await expect
      .poll(
        async () => {
          const r = await call<{ list: { interestAccrued: string; accruedDays: number }[] }>(
            page,
            'GET',
            'user/listLoanRecord',
          );
          return r.result?.list?.[0]?.accruedDays;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(2);
    await page.reload();
    expect(plain(await page.getByTestId('loan-row-owed').first().textContent())).toBe('1,001.00 USDT');
    await screenshot(page, 'loan-desktop-en-repaying');

    // 1,000.00 cannot pay 1,001.00: the dialog says so and nothing moves.
    await page.getByTestId('loan-row-repay').first().click();
    const dialog = page.getByTestId('loan-repay-dialog');
    expect(plain(await dialog.getByTestId('loan-repay-amount').textContent())).toBe('1,001.00 USDT');
    await dialog.getByTestId('loan-repay-confirm').click();
    await expect.poll(() => dialog.textContent()).toMatch(/insufficient/i);
    await page.keyboard.press('Escape');

    // A deposit of 120 USDT is credited; the repayment takes 1,001.00 and leaves 119.00.
    await creditDeposit(owner, page, username, '120');
    await page.reload();
    await page.getByTestId('loan-row-repay').first().click();
    await page.getByTestId('loan-repay-dialog').getByTestId('loan-repay-confirm').click();
    await expect.poll(() => page.getByTestId('loan-row').first().getAttribute('data-status')).toBe('repaid');
    expect(await realUsdt(page)).toMatch(/^119(\.0+)?$/);

    // The ledger balances: every currency's accounts sum to zero, no account off.
    const dashboard = await admin<{ trialBalance: { ok: boolean; problems: number } }>('GET', 'dashboard');
    expect(dashboard.result.trialBalance).toMatchObject({ ok: true, problems: 0 });
  });
});
