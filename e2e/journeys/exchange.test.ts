import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { logInAsDemo, useJourney } from '../support/journey.ts';

/**
 * Currency exchange in both layouts, on the live simulated feed: the demo user, in the demo
 * account, converts 100 USDT into ETH on /profile/exchange — asks for a quote, reads what is paid
 * and received, the rate, the spread and the recorded tick that priced ETH, confirms before it
 * expires — and finds the exchange in the history and the ETH on /profile/balance.
 */
const env = useJourney();

/** Figures are isolated left to right (bidi marks): compare their characters. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '').trim();

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('currency exchange journey (%s)', (layout) => {
  it('quotes 100 USDT in ETH with its tick and spread, confirms it, and sees the ETH arrive', async () => {
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => {
      localStorage.setItem('ob.boardSeen', '1');
      // The demo account: funded with virtual USDT at sign-up.
      sessionStorage.setItem('ob.mode', '2');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsDemo(page, env.server.url);

    await page.goto(`${env.server.url}/profile/exchange`);
    await page.getByTestId('exchange-form').waitFor();
    const before = await page.getByTestId('exchange-row').count();
    expect(await page.getByTestId('exchange-from').inputValue()).toBe('USDT');
    await page.getByTestId('exchange-to').selectOption('ETH');
    await page.getByTestId('exchange-amount').fill('100');
    await page.getByTestId('exchange-get-quote').click();

    const quote = page.getByTestId('exchange-quote');
    await quote.waitFor();
    expect(plain(await quote.getByTestId('exchange-quote-pay').textContent())).toBe('100.00 USDT');
    const receive = plain(await quote.getByTestId('exchange-quote-receive').textContent());
    expect(receive).toMatch(/^0\.0\d+ ETH$/);
    expect(await quote.getByTestId('exchange-quote-spread').textContent()).toContain('%');
    expect(await quote.getByTestId('exchange-quote-toPrice').textContent()).toMatch(/#\d+/);
    expect(await page.getByTestId('exchange-quote-timer').textContent()).toMatch(/\d+ s/);
    await screenshot(page, `exchange-quote-${layout}`);

    await page.getByTestId('exchange-confirm').click();
    await expect.poll(() => page.getByTestId('exchange-row').count()).toBe(before + 1);
    expect(plain(await page.getByTestId('exchange-row-received').first().textContent())).toBe(receive);
    expect(await page.getByTestId('exchange-amount').inputValue()).toBe('');
    await screenshot(page, `exchange-done-${layout}`);

    await page.goto(`${env.server.url}/profile/balance`);
    await page.getByTestId('balance-ETH').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
