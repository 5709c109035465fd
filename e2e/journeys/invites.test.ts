import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, plain, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';

/**
 * Friend invitation, in the desktop layout and in the mobile one. A new user opens /profile/invite:
 * their code, link and its QR code, the disclosed rule (20 % of a friend's trading fees for 180 days),
 * nothing earned, no friends yet. A friend opens the link (the code filled in), registers, gets a
 * deposit approved and sells 0.001 BTCUSDT at market in the real account (a fee to the platform).
 * The inviter's list shows the friend masked, joined today, traded, nothing earned yet. The server's
 * clock moves a day on: the job runner pays the day's reward from the fee account; the inviter's page
 * shows it (total and on the friend's row) and the transaction record lists it as an invite reward.
 * axe finds no serious violations; the pages are photographed in both layouts and in Arabic.
 */
const env = useJourney();
const owner = useOwner(env);
const DAY = 86_400_000;

interface Summary {
  code: string;
  earned: { currency: string; amount: string }[];
  invitees: number;
  traded: number;
}

/** A decimal string in millionths (USDT's scale), exactly. */
function micro(v: string): bigint {
  const [int = '0', frac = ''] = v.split('.');
  return BigInt(int + frac.padEnd(6, '0').slice(0, 6));
}

async function fresh(layout: Layout): Promise<Page> {
  const context = await newContext(env.browser, layout);
  await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
  return context.newPage();
}

/** The friend registers from the invite link: the code is already in its field. */
async function registerFromLink(page: Page, link: string, code: string, username: string) {
  const email = `${username}@example.com`;
  await page.goto(link);
  await page.getByTestId('register-tab-email').click();
  expect(await page.getByTestId('register-invite').inputValue()).toBe(code);
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('Journey123');
  await page.getByTestId('register-confirm').fill('Journey123');
  const before = env.server.messages.length;
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await env.server.codeFor(email, before));
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
}

describe.each(['desktop', 'mobile'] as Layout[])('invites (%s)', (layout) => {
  it('a friend registers with the link and trades; the inviter sees them and the reward the job paid', async () => {
    const tag = `${layout.slice(0, 1)}${Date.now().toString(36)}`;
    const inviter = await fresh(layout);
    const errors: string[] = [];
    inviter.on('pageerror', (e) => errors.push(e.message));
    await registerNewUser(env, inviter, `host${tag}`);
    // The owner signs in before the clock moves (the console's session would not survive it).
    await owner.page();

    // ---- the invite page: code, link, QR code, the rule, nothing yet
    await inviter.goto(`${env.server.url}/profile/invite`);
    await expect
      .poll(async () => plain(await inviter.getByTestId('invite-code').textContent()))
      .toMatch(/^[A-Z0-9]{4,}$/);
    const code = plain(await inviter.getByTestId('invite-code').textContent());
    const link = plain(await inviter.getByTestId('invite-link').textContent());
    expect(link).toBe(`${env.server.url}/pass/register?invite=${code}`);
    const qr = inviter.getByTestId('invite-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('data-text')).toBe(link);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(plain(await inviter.getByTestId('invite-rule').textContent())).toContain(
      'You earn 20% of the trading fees each friend pays in the real account for 180 days after they join, in USDT.',
    );
    expect(plain(await inviter.getByTestId('invite-earned').textContent())).toBe('0.00 USDT');
    await inviter.getByTestId('invitees-empty').waitFor();
    await screenshot(inviter, `invites-${layout}-en-empty`);
    expect(await axeViolations(inviter)).toEqual([]);

    // ---- the friend: registers from the link, is credited, sells at market in the real account
    const friend = await fresh(layout);
    const friendName = `pal${tag}`;
    await registerFromLink(friend, link, code, friendName);
    await creditDeposit(owner, friend, friendName, '200');
    await expect.poll(() => realUsdt(friend)).toMatch(/^200(\.0+)?$/);
    await friend.goto(`${env.server.url}/market?id=BTCUSDT`);
    await friend.getByTestId('instrument-view').waitFor();
    await friend.getByTestId('real-badge').first().waitFor();
    await friend.getByTestId('ticket-side-sell').click();
    await friend.getByTestId('ticket-type-market').click();
    await friend.getByTestId('ticket-lots').fill('0.001');
    await friend.getByTestId('ticket-leverage').fill('10');
    await expect.poll(() => friend.getByTestId('ticket-margin').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await friend.getByTestId('ticket-submit').click();
    await friend.getByTestId('confirm-dialog').waitFor();
    await friend.getByTestId('confirm-submit').click();
    await friend.locator('[data-testid="toast"][data-side="sell"]').waitFor({ timeout: 15_000 });
    const fees = await call<{ list: { type: string; amount: string }[] }>(
      friend,
      'GET',
      'user/listTransactions?type=cfd_fee',
    );
    const fee = fees.result.list[0]?.amount.replace('-', '') ?? '0';
    expect(micro(fee)).toBeGreaterThan(0n);
    await friend.context().close();

    // ---- the inviter sees the friend: masked, traded, nothing earned yet
    await inviter.reload();
    const row = inviter.getByTestId('invitee-row').first();
    await row.waitFor();
    const masked = plain(await row.getByTestId('invitee-name').textContent());
    expect(masked).toContain('***');
    expect(masked).not.toBe(friendName);
    expect(await row.getByTestId('invitee-traded').getAttribute('data-traded')).toBe('yes');
    expect(plain(await row.getByTestId('invitee-reward').textContent())).toMatch(/0\.00 USDT$/);

    // ---- a day on: the job runner pays 20 % of the fee, rounded down to the minor unit
    env.server.advanceClock(DAY + 2 * 60_000);
    const want = (micro(fee) * 2000n) / 10000n;
    await expect
      .poll(
        async () => {
          const s = await call<Summary>(inviter, 'GET', 'user/inviteSummary');
          return s.result.earned.map((e) => micro(e.amount)).at(0) ?? 0n;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(want);
    await inviter.reload();
    await inviter.getByTestId('invitee-row').first().waitFor();
    const shown = plain(await inviter.getByTestId('invite-earned').textContent());
    expect(micro(shown.replace(' USDT', '').replace(/,/g, ''))).toBe(want);
    expect(
      plain(await inviter.getByTestId('invitee-row').first().getByTestId('invitee-reward').textContent()),
    ).toContain(shown);
    expect(plain(await inviter.getByTestId('invite-traded-count').textContent())).toBe('1');
    await inviter.getByTestId('invitees').scrollIntoViewIfNeeded();
    await screenshot(inviter, `invites-${layout}-en-rewarded`);
    expect(await axeViolations(inviter)).toEqual([]);
    const rec = await call<{ list: { type: string; amount: string }[] }>(
      inviter,
      'GET',
      'user/listTransactions?type=invite_reward',
    );
    expect(rec.result.list.map((r) => micro(r.amount))).toEqual([want]);

    if (layout === 'mobile') {
      await inviter.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await inviter.reload();
      await expect.poll(() => inviter.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await inviter.getByTestId('invitee-row').first().waitFor();
      await screenshot(inviter, 'invites-mobile-ar-top');
      await inviter.getByTestId('invitees').scrollIntoViewIfNeeded();
      await screenshot(inviter, 'invites-mobile-ar-rewarded');
      expect(await axeViolations(inviter)).toEqual([]);
    }
    if (layout === 'desktop') {
      await inviter.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await inviter.reload();
      await inviter.getByTestId('invitee-row').first().waitFor();
      await screenshot(inviter, 'invites-desktop-ar-rewarded');
      await inviter.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
    }
    expect(errors).toEqual([]);
    await inviter.context().close();
  });
});
