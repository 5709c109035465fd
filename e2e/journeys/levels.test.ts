import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, plain, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';

/**
 * VIP levels, in the desktop layout and in the mobile one. The owner lowers VIP 1 to 50 USDT of
 * 30-day volume (the back office, audited). A new user is credited and buys 0.001 BTCUSDT at market
 * in the real account (about 95 USDT of notional). The server's clock moves a day on: the job runner
 * sets the day's levels; the user's level page shows VIP 1, the 30-day volume, the progress to VIP 2
 * and the table; the margin ticket shows its fee with "(VIP 1: −5%)". Photographed in both layouts.
 */
const env = useJourney();
const owner = useOwner(env);
const DAY = 86_400_000;

interface Mine {
  mine: { level: number; volume30d: string } | null;
}

async function fresh(layout: Layout): Promise<Page> {
  const context = await newContext(env.browser, layout);
  await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
  return context.newPage();
}

describe.each(['desktop', 'mobile'] as Layout[])('levels (%s)', (layout) => {
  it('a user trades, the daily run lifts them to VIP 1, the level page and the ticket show it', async () => {
    const tag = `${layout.slice(0, 1)}${Date.now().toString(36)}`;
    const page = await fresh(layout);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const name = `vip${tag}`;
    await registerNewUser(env, page, name);
    await owner.page();
    const saved = await owner.admin('POST', 'levels/1', {
      id: 1,
      names: { en: 'VIP 1' },
      minVolume: '50',
      minBalance: null,
      discount: '0.05',
    });
    expect(saved, saved.msg).toMatchObject({ code: 200 });
    await creditDeposit(owner, page, name, '200');
    await expect.poll(() => realUsdt(page)).toMatch(/^200(\.0+)?$/);

    // ---- VIP 0 before: no discount on the ticket
    await page.goto(`${env.server.url}/market?id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    await page.getByTestId('real-badge').first().waitFor();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-lots').fill('0.001');
    await page.getByTestId('ticket-leverage').fill('10');
    await expect.poll(() => page.getByTestId('ticket-fee').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    expect(await page.getByTestId('fee-discount').count()).toBe(0);
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-submit').click();
    await page.locator('[data-testid="toast"][data-side="buy"]').waitFor({ timeout: 15_000 });

    // ---- a day on: the job runner sets the day's levels
    env.server.advanceClock(DAY + 2 * 60_000);
    await expect
      .poll(async () => (await call<Mine>(page, 'GET', 'index/listLevel')).result.mine?.level ?? -1, {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe(1);

    // ---- the level page
    await page.goto(`${env.server.url}/profile/level`);
    await expect.poll(async () => plain(await page.getByTestId('level-name').textContent())).toBe('VIP 1');
    expect(plain(await page.getByTestId('level-discount').textContent())).toBe('5%');
    expect(plain(await page.getByTestId('level-volume').textContent())).toMatch(/\d/);
    expect(await page.getByTestId('level-row-1').getAttribute('class')).toBe('is-current');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    await screenshot(page, `levels-${layout}-en-page`);
    expect(await axeViolations(page)).toEqual([]);

    // ---- the ticket: the fee with the level's discount
    await page.goto(`${env.server.url}/market?id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-lots').fill('0.001');
    await page.getByTestId('ticket-leverage').fill('10');
    await expect
      .poll(async () => plain(await page.getByTestId('ticket-fee').textContent()), { timeout: 10_000 })
      .toContain('(VIP 1: −5%)');
    await page.getByTestId('ticket-fee').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `levels-${layout}-en-ticket`);

    if (layout === 'mobile') {
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await page.goto(`${env.server.url}/profile/level`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('level-table').waitFor();
      await screenshot(page, 'levels-mobile-ar-page');
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
