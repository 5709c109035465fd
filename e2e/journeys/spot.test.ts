import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { logInAsDemo, useJourney } from '../support/journey.ts';

/**
 * Spot trading in both layouts, on the live simulated feed with the platform's market maker quoting
 * the demo books: the demo user buys BTC with USDT at market (the fee and total shown before
 * confirming), sees the fill in the order history and the BTC in the sell form's balance, then
 * places a limit sell far above the market, finds it among the open orders and cancels it.
 */
const env = useJourney();

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('spot trading journey (%s)', (layout) => {
  it('buys BTC with USDT, sees the fill and the balance, and places and cancels a limit sell', async () => {
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => {
      localStorage.setItem('ob.boardSeen', '1');
      sessionStorage.setItem('ob.mode', '2');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsDemo(page, env.server.url);

    await page.goto(`${env.server.url}/market?type=spot`);
    await page.getByTestId('spot-row-BTCUSDT').click();
    await page.getByTestId('spot-view').waitFor();
    // The market maker's asks arrive within a few seconds of the feed's first ticks.
    await expect
      .poll(async () => /\d/.test((await page.getByTestId('book-sell').textContent()) ?? ''), { timeout: 30_000 })
      .toBe(true);
    // On a phone one form shows at a time, chosen by the buy / sell switch.
    const side = async (which: 'buy' | 'sell') => {
      const tab = page.getByTestId(`spot-side-${which}`);
      if (await tab.isVisible().catch(() => false)) await tab.click();
    };
    await side('sell');
    const btcBefore = (await page.getByTestId('spot-sell-available').textContent()) ?? '';
    await side('buy');

    // Market buy of 0.001 BTC: fee and total before confirming.
    await page.getByTestId('spot-buy-type-market').click();
    await page.getByTestId('spot-buy-quantity').fill('0.001');
    await expect.poll(async () => (await page.getByTestId('spot-buy-fee').textContent()) ?? '').toMatch(/\d/);
    // The server's preview: the user's rates, what the buy holds (at its protection bound) and the total.
    expect(await page.getByTestId('spot-buy-rates').textContent()).toMatch(/maker .*taker/);
    expect(await page.getByTestId('spot-buy-held').textContent()).toMatch(/\d.*USDT/);
    await page.getByTestId('spot-form-buy').scrollIntoViewIfNeeded();
    await screenshot(page, `spot-form-${layout}`);
    await page.getByTestId('spot-buy-submit').click();
    await page.getByTestId('spot-confirm-order').waitFor();
    expect(await page.getByTestId('spot-confirm-fee').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('spot-confirm-total').textContent()).toMatch(/USDT/);
    await screenshot(page, `spot-confirm-${layout}`);
    await page.getByTestId('spot-confirm-submit').click();
    await page.getByTestId('spot-confirm-order').waitFor({ state: 'detached' });

    // The fill: in the history (filled) and as BTC available to sell.
    await side('sell');
    await expect
      .poll(async () => (await page.getByTestId('spot-sell-available').textContent()) ?? '', { timeout: 10_000 })
      .not.toBe(btcBefore);
    await page.getByTestId('spot-orders-tab-history').click();
    await expect
      .poll(() => page.locator('[data-testid^="spot-history-B"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(page, `spot-filled-${layout}`);

    // A limit sell far above the market rests; cancelled, it leaves the open orders.
    await page
      .getByTestId('spot-side-sell')
      .click()
      .catch(() => undefined);
    await page.getByTestId('spot-sell-type-limit').click();
    await page.getByTestId('spot-sell-price').fill('250000');
    await page.getByTestId('spot-sell-quantity').fill('0.001');
    await page.getByTestId('spot-sell-submit').click();
    await page.getByTestId('spot-confirm-order').waitFor();
    await page.getByTestId('spot-confirm-submit').click();
    await page.getByTestId('spot-confirm-order').waitFor({ state: 'detached' });
    await page.getByTestId('spot-orders-tab-open').click();
    const open = page.locator('[data-testid^="spot-open-B"]');
    await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, `spot-open-${layout}`);
    await open.first().getByTestId('spot-cancel').click();
    await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
