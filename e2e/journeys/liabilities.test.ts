import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, plain, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';

/**
 * Proof of liabilities, in the desktop layout and in the mobile one. A new user is credited 200 USDT;
 * the server's clock moves a day on and the job runner publishes the day's Merkle sum tree. The user
 * opens /profile/liabilities (from the account centre): the root, the totals, their 200 USDT in the
 * tree; "Verify in the browser" shows every step passing; "Download my proof" saves the JSON, which
 * scripts/verify-liabilities-proof.mjs verifies against the root the page shows. The owner records a
 * reserve below the USDT owed and the dashboard shows the coverage marked under 100 %. Photographed in
 * both layouts (and in Arabic).
 */
// The server's start (a fresh embedded database, migrations, seeds) can outlast the default hook timeout on a busy machine.
vi.setConfig({ hookTimeout: 360_000, testTimeout: 600_000 });
const env = useJourney();
const owner = useOwner(env);
const DAY = 86_400_000;
const SCRIPT = fileURLToPath(new URL('../../scripts/verify-liabilities-proof.mjs', import.meta.url));
const run = promisify(execFile);

async function fresh(layout: Layout): Promise<Page> {
  const context = await newContext(env.browser, layout);
  await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
  // Generous waits: the journey shares the machine with builds and other suites.
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(120_000);
  return context.newPage();
}

describe.each(['desktop', 'mobile'] as Layout[])('proof of liabilities (%s)', (layout) => {
  it('the user finds their balance in the published tree, verifies it in the page and with the script', async () => {
    const tag = `${layout.slice(0, 1)}${Date.now().toString(36)}`;
    const page = await fresh(layout);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const name = `pol${tag}`;
    await registerNewUser(env, page, name);
    (await owner.page()).context().setDefaultTimeout(90_000);
    await creditDeposit(owner, page, name, '200');
    await expect.poll(() => realUsdt(page)).toMatch(/^200(\.0+)?$/);

    // ---- a day on: the job runner publishes the day's tree, with this user's leaf in it
    env.server.advanceClock(DAY + 2 * 60_000);
    await expect
      .poll(async () => (await call(page, 'GET', 'user/liabilitiesProof')).code, { timeout: 120_000, interval: 1000 })
      .toBe(200);

    // ---- from the account centre to the page
    if (layout === 'desktop') {
      await page.goto(`${env.server.url}/profile/info`);
      await page.getByTestId('info-liabilities').click();
      await page.waitForURL(/\/profile\/liabilities$/);
    } else {
      await page.goto(`${env.server.url}/profile/liabilities`);
    }
    const root = plain(await page.getByTestId('pol-root-hash').textContent());
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(async () => plain(await page.getByTestId('pol-mine').textContent())).toMatch(/USDT\s*200(\.0+)?/);
    expect(plain(await page.getByTestId('pol-command').textContent())).toContain(root);

    // ---- verified in the browser, step by step
    await page.getByTestId('pol-verify').click();
    await page.getByTestId('pol-outcome').waitFor();
    expect(await page.locator('.pol-step--ok').count()).toBe(6);
    expect(await page.locator('.pol-step--fail').count()).toBe(0);
    expect(plain(await page.getByTestId('pol-outcome').textContent())).toMatch(/^Verified/);
    await page.getByTestId('pol-steps').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `liabilities-${layout}-en-verified`);
    expect(await axeViolations(page)).toEqual([]);

    // ---- downloaded, and verified by the script against the root the page shows
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pol-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^liabilities-proof-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const proof = JSON.parse(await readFile(file, 'utf8')) as { leaf: { balances: string[] } };
    expect(proof.leaf.balances).toContain('200000000');
    const out = await run(process.execPath, [SCRIPT, file, root]);
    expect(out.stdout).toMatch(/\nOK\n$/);

    if (layout === 'mobile') {
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await page.goto(`${env.server.url}/profile/liabilities`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('pol-verify').click();
      await page.getByTestId('pol-outcome').waitFor();
      await screenshot(page, 'liabilities-mobile-ar-page');
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'liabilities-desktop-en-page');
    }

    // ---- the back office: reserves below what is owed, marked on the dashboard
    const saved = await owner.admin('POST', 'reserves', {
      currency: 'USDT',
      amount: '100',
      holder: `TRON custody ${tag}`,
      attestedOn: '2026-01-01',
      note: 'journey',
    });
    expect(saved, saved.msg).toMatchObject({ code: 200 });
    const backOffice = await owner.page();
    await backOffice.goto(`${env.server.url}/admin/`);
    await backOffice.getByTestId('coverage-table').waitFor();
    await expect.poll(async () => plain(await backOffice.getByTestId('coverage-USDT').textContent())).toMatch(/%/);
    await backOffice.getByTestId('coverage-table').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(backOffice, `liabilities-${layout}-admin-dashboard`);
    const removed = await owner.admin('POST', `reserves/${(saved.result as { id: number }).id}/delete`);
    expect(removed.code).toBe(200);

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
