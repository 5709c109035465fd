import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { dismissBoard, useJourney, logInAsDemo } from '../support/journey.ts';

/**
 * The trading journey on /market, in both layouts: log in as the demo user, switch to the demo
 * account, open BTC/USDT (crypto trades 24/7), see margin and fee before confirming a market buy of
 * the minimum lots, watch the position's PnL move with the simulated feed, set a far take profit,
 * close the position, and find it in history with its close price and the fills' tick ids.
 */
const env = useJourney();

/** "95,016.34" → 95016.34 (only to pick a take profit far away, never for an amount). */
const toNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function toast(page: Page): Promise<string> {
  const t = page.getByTestId('toast').last();
  await t.waitFor({ state: 'visible' });
  return (await t.textContent()) ?? '';
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('trading journey (%s)', (layout) => {
  it('opens a demo position, watches its PnL, sets a take profit, closes it and finds it in history and the transaction record', async () => {
    const context = await newContext(env.browser, layout);
    // A returning user: the mobile onboarding board has been seen.
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await logInAsDemo(page, env.server.url);

    await page.goto(`${env.server.url}/profile`);
    await dismissBoard(page);
    await page.getByTestId('account-mode-toggle').waitFor();
    if (!(await page.getByTestId('demo-badge').first().isVisible())) {
      await page.getByTestId('account-mode-toggle').click();
      await expect.poll(() => page.getByTestId('demo-badge').first().isVisible()).toBe(true);
    }

    // The list: search narrows it, a row opens the instrument view with its chart.
    await page.goto(`${env.server.url}/market?type=crypto`);
    await page.getByTestId('market-search').fill('btc');
    await expect.poll(() => page.locator('[data-testid^="market-row-"]').count()).toBe(1);
    await page.getByTestId('market-row-BTCUSDT').click();
    await page.waitForURL((u) => u.searchParams.get('id') !== null);
    await page.getByTestId('instrument-view').waitFor();
    await expect
      .poll(() => page.getByTestId('chart').locator('canvas').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('period-5m').click();
    await expect.poll(() => page.getByTestId('period-5m').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => page.getByTestId('chart').locator('canvas').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('period-1m').click();

    // Sell is red and buy green, on the submit button too (the button's own green must not win).
    const submitColour = () => page.getByTestId('ticket-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByTestId('ticket-side-sell').click();
    await expect.poll(submitColour).toBe('rgb(242, 84, 109)');
    // The ticket: margin and fee are shown before the confirm dialog, which restates them.
    await page.getByTestId('ticket-side-buy').click();
    await expect.poll(submitColour).toBe('rgb(25, 195, 156)');
    await page.getByTestId('ticket-type-market').click();
    const lotsHint = await page.getByTestId('ticket-lots').getAttribute('aria-describedby');
    expect(lotsHint).toBeTruthy();
    await page.getByTestId('ticket-lots').fill('0.001');
    await page.getByTestId('ticket-leverage').fill('10');
    await expect.poll(() => page.getByTestId('ticket-margin').textContent(), { timeout: 10_000 }).toMatch(/\d.*USDT/);
    await expect.poll(() => page.getByTestId('ticket-fee').textContent()).toMatch(/\d.*USDT/);
    await page.getByTestId('instrument-view').scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-market-ticket`);
    await page.getByTestId('ticket-submit').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-lots').textContent()).toContain('0.001');
    expect(await dialog.getByTestId('confirm-margin').textContent()).toMatch(/\d.*USDT/);
    expect(await dialog.getByTestId('confirm-fee').textContent()).toMatch(/\d.*USDT/);
    await screenshot(page, `${layout}-market-confirm`);
    await page.getByTestId('confirm-submit').click();
    expect(await toast(page)).not.toBe('');
    await dialog.waitFor({ state: 'detached' });

    // The open position: its PnL follows the simulated feed (a tick every second).
    await page.getByTestId('positions-tab-open').click();
    const row = page.locator('[data-testid^="position-row-"]').first();
    await row.waitFor();
    const orderNo = ((await row.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    expect(orderNo).not.toBe('');
    // The PnL is re-priced in the browser on every quote the WebSocket pushes.
    await expect
      .poll(() => row.getByTestId('position-pnl').getAttribute('data-live'), { timeout: 15_000 })
      .toBe('true');
    const firstPnl = await row.getByTestId('position-pnl').textContent();
    expect(firstPnl).toMatch(/USDT/);
    await expect
      .poll(() => row.getByTestId('position-pnl').textContent(), { timeout: 20_000, interval: 1000 })
      .not.toBe(firstPnl);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-market-position`);

    // A take profit 1% away (a long's TP is above the price): far enough not to fire during the
    // journey, near enough for the chart to keep its line in view.
    const current = toNumber(await row.getByTestId('position-current-price').textContent());
    const tp = String(Math.ceil(current * 1.01));
    await row.getByTestId('position-tp-edit').click();
    await page.getByTestId('tp-input').fill(tp);
    await page.getByTestId('tp-save').click();
    await toast(page);
    await expect.poll(() => row.getByTestId('position-tp').textContent()).toMatch(/\d/);
    expect(toNumber(await row.getByTestId('position-tp').textContent())).toBe(Number(tp));
    // The account's level with the stop-out rule beside it, and the position's own level.
    expect(await page.getByTestId('stop-out-rule').textContent()).toMatch(/50%/);
    expect(await row.getByTestId('position-level').textContent()).toMatch(/\d.*%/);

    // The chart draws the position's entry and take profit; indicators come from a library.
    const chart = page.getByTestId('chart');
    await expect.poll(() => chart.getAttribute('data-lines'), { timeout: 10_000 }).toBe('2');
    await page.getByTestId('indicator-boll').click();
    await page.getByTestId('indicator-rsi').click();
    await expect.poll(() => page.getByTestId('indicator-rsi').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => chart.getByTestId('chart-legend').textContent()).toMatch(/\d/);
    // Drag the take profit line down a little (a long's TP stays above the price: 1% away is ~19 px
    // when the chart spans ~15,000 USDT, as it may with the generated history), then confirm.
    const handle = chart.getByTestId('line-handle-takeProfit');
    await chart.scrollIntoViewIfNeeded();
    await handle.waitFor({ state: 'visible', timeout: 10_000 });
    await screenshot(page, `${layout}-market-chart-lines`);
    const box = await handle.boundingBox();
    if (!box) throw new Error('no take-profit handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 8, { steps: 4 });
    await page.mouse.up();
    const move = page.getByTestId('move-line-dialog');
    await move.waitFor();
    expect(await move.getByTestId('move-line-text').textContent()).toContain(orderNo);
    await page.getByTestId('move-line-confirm').click();
    await toast(page);
    // Closed once saved; if the server refused the move, its message says why.
    await move.waitFor({ state: 'detached' }).catch(async (e: Error) => {
      const said = await page.getByTestId('toast').allTextContents();
      const text = await move.getByTestId('move-line-text').textContent();
      throw new Error(`${e.message}\nmove: ${text}\ntoasts: ${said.join(' | ')}`);
    });
    await expect
      .poll(async () => toNumber(await row.getByTestId('position-tp').textContent()), { timeout: 10_000 })
      .toBeLessThan(Number(tp));

    // Close it, then find it in history with a close price and the fills' tick ids.
    await row.getByTestId('position-close').click();
    await page.getByTestId('close-dialog').waitFor();
    // What the close would settle at now, before it is confirmed.
    await expect.poll(() => page.getByTestId('close-estimate-pnl').textContent()).toMatch(/\d.*USDT/);
    expect(await page.getByTestId('close-estimate-credited').textContent()).toMatch(/\d.*USDT/);
    await screenshot(page, `${layout}-market-close`);
    await page.getByTestId('close-submit').click();
    await toast(page);
    await expect.poll(() => page.getByTestId(`position-row-${orderNo}`).count()).toBe(0);
    await page.getByTestId('positions-tab-history').click();
    const history = page.getByTestId(`history-row-${orderNo}`);
    await history.waitFor();
    await expect.poll(() => history.getByTestId('history-close-price').textContent()).toMatch(/\d/);
    expect(await history.getByTestId('history-reason').textContent()).toBeTruthy();
    await history.getByTestId('history-detail').click();
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    await expect.poll(() => detail.getByTestId('fill-tick').count()).toBe(2);
    for (const text of await detail.getByTestId('fill-tick').allTextContents()) expect(text).toMatch(/#\d+/);
    // The close price traces to the recorded tick: a long closes at that tick's bid.
    const closeFill = detail.getByTestId('fill-close');
    await closeFill.getByTestId('fill-tick').click();
    const trace = closeFill.getByTestId('tick-trace');
    await trace.waitFor();
    await screenshot(page, `${layout}-market-fills`);
    expect(await trace.getByTestId('tick-bid').textContent()).toBe(
      await closeFill.getByTestId('fill-price').textContent(),
    );
    await page.keyboard.press('Escape');

    // The transaction record lists the order's fee and its profit or loss; margin held and
    // released (amount 0) only when asked for.
    await page.goto(`${env.server.url}/profile/records`);
    await page.getByTestId('records-page').waitFor();
    const mine = page.getByTestId('record-row').filter({ hasText: orderNo });
    const typesOf = () => mine.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
    await expect.poll(async () => (await typesOf()).includes('cfd_fee'), { timeout: 10_000 }).toBe(true);
    expect(await typesOf()).not.toContain('cfd_margin');
    await page.getByTestId('records-with-margin').check();
    await expect.poll(async () => (await typesOf()).includes('cfd_margin'), { timeout: 10_000 }).toBe(true);
    const types = await typesOf();
    expect(types).toContain('cfd_fee');
    expect(types).toContain('cfd_margin_release');
    await screenshot(page, `${layout}-records`);

    // The margin account page shows the same account's figures.
    await page.goto(`${env.server.url}/profile/balance2`);
    await expect.poll(() => page.getByTestId('margin-equity').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await screenshot(page, `${layout}-balance2`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
