import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { useJourney, logInAsDemo } from '../support/journey.ts';

/**
 * The margin ticket as a trader meets it, in both layouts, in English and in Arabic: a sell is red
 * from the tab to the confirm and its toast says it filled; an order the account cannot pay for is
 * stopped before the confirm, saying what it costs; the position's take profit, set in its dialog,
 * is then dragged on the chart and the move confirmed; the close dialog says what the close would
 * settle at.
 */
const env = useJourney();

const RED = 'rgb(242, 84, 109)';
/** "95,016.34" → 95016.34 (only to pick a take profit, never for an amount). */
const toNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function toast(page: Page) {
  const t = page.getByTestId('toast').last();
  await t.waitFor({ state: 'visible' });
  return (await t.textContent()) ?? '';
}

const cases: [Layout, 'en' | 'ar'][] = [
  ['desktop', 'en'],
  ['mobile', 'en'],
  ['desktop', 'ar'],
  ['mobile', 'ar'],
];

describe.each(cases)('margin ticket (%s, %s)', (layout, lang) => {
  it('sells in red with a toast that says so, refuses what it cannot pay for, and moves a take profit on the chart', async () => {
    const context = await newContext(env.browser, layout);
    await context.addInitScript((l) => {
      localStorage.setItem('ob.boardSeen', '1');
      sessionStorage.setItem('ob.lang', l);
    }, lang);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await logInAsDemo(page, env.server.url);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // The demo account, switched from the top bar.
    await page.goto(`${env.server.url}/market?id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    if (!(await page.getByTestId('demo-badge').first().isVisible())) {
      await page.getByTestId('real-badge').first().click();
      await expect.poll(() => page.getByTestId('demo-badge').first().isVisible()).toBe(true);
    }

    // A sell: red on the tab's submit and on the confirm; the toast says it filled, in red.
    await page.getByTestId('ticket-side-sell').click();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-lots').fill('0.001');
    await page.getByTestId('ticket-leverage').fill('10');
    await expect.poll(() => page.getByTestId('ticket-margin').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    const colour = (id: string) => page.getByTestId(id).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(() => colour('ticket-submit')).toBe(RED);
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await colour('confirm-submit')).toBe(RED);
    await screenshot(page, `ticket-${layout}-${lang}-sell-confirm`);
    await page.getByTestId('confirm-submit').click();
    // (An earlier toast, the account switch's, may still be showing: wait for the trade's own.)
    const soldToast = page.locator('[data-testid="toast"][data-side="sell"]');
    await soldToast.waitFor({ timeout: 10_000 });
    const sold = { text: (await soldToast.textContent()) ?? '' };
    expect(sold.text).toContain('BTCUSDT');
    expect(sold.text).toMatch(lang === 'ar' ? /بيع/ : /^Sell 0\.001 BTCUSDT filled at [\d,]+\.\d{2}$/);

    // An order the account cannot pay for is stopped before the confirm, saying what it costs.
    await page.getByTestId('ticket-lots').fill('50');
    await page.getByTestId('ticket-leverage').fill('1');
    const short = page.getByTestId('ticket-short');
    await short.waitFor({ timeout: 10_000 });
    expect(await short.textContent()).toMatch(/USDT/);
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    await page.getByTestId('order-ticket').scrollIntoViewIfNeeded();
    await screenshot(page, `ticket-${layout}-${lang}-short`);
    await page.getByTestId('ticket-lots').fill('0.001');

    // A take profit for the short, 1% below, set in its dialog, then dragged on the chart.
    await page.getByTestId('positions-tab-open').click();
    const row = page.locator('[data-testid^="position-row-"]').first();
    await row.waitFor();
    const orderNo = ((await row.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    const current = toNumber(await row.getByTestId('position-current-price').textContent());
    const tp = String(Math.floor(current * 0.99));
    await row.getByTestId('position-tp-edit').click();
    await page.getByTestId('tp-input').fill(tp);
    await page.getByTestId('tp-save').click();
    await toast(page);
    await expect.poll(async () => toNumber(await row.getByTestId('position-tp').textContent())).toBe(Number(tp));

    const chart = page.getByTestId('chart');
    const handle = chart.getByTestId('line-handle-takeProfit');
    await chart.scrollIntoViewIfNeeded();
    await handle.waitFor({ state: 'visible', timeout: 10_000 });
    await screenshot(page, `ticket-${layout}-${lang}-chart`);
    const box = await handle.boundingBox();
    if (!box) throw new Error('no take-profit handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 20, { steps: 4 });
    await page.mouse.up();
    const move = page.getByTestId('move-line-dialog');
    await move.waitFor();
    expect(await move.getByTestId('move-line-text').textContent()).toContain(orderNo);
    await page.getByTestId('move-line-confirm').click();
    await move.waitFor({ state: 'detached' });
    // A short's take profit moved up, toward the price (still below it).
    await expect
      .poll(async () => toNumber(await row.getByTestId('position-tp').textContent()), { timeout: 10_000 })
      .toBeGreaterThan(Number(tp));

    // The close dialog says what the close would settle at, then closes it.
    await row.getByTestId('position-close').click();
    await expect.poll(() => page.getByTestId('close-estimate-pnl').textContent()).toMatch(/\d.*USDT/);
    await screenshot(page, `ticket-${layout}-${lang}-close`);
    await page.getByTestId('close-submit').click();
    await expect.poll(() => page.getByTestId(`position-row-${orderNo}`).count(), { timeout: 10_000 }).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
