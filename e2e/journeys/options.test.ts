import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, plain, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { type Envelope, useOwner } from '../support/owner.ts';

/**
 * Options on /market as a new user walks it, in both layouts: they register, take the demo account
 * /market offers a newcomer (funded with virtual USDT, so no deposit is needed), open BTC/USDT,
 * choose Options above the order ticket, a 5-minute call for 25 USDT; the quote states σ, the model
 * rate, the spread, the rate charged, the maximum payout, the indicative strike with its tick and the
 * cap price, and counts down; confirmed, the premium leaves the demo balance. The server's clock
 * moves past the expiry (and a few seconds more, so a tick is recorded after it and the settle job
 * runs); the option settles in the list with its settling tick, which traces to the recorded tick at
 * that price, and its payout; the demo balance is the one before, less the premium, plus the payout.
 */
const env = useJourney();
const owner = useOwner(env);

/** A decimal string in millionths (USDT's scale), exactly: for balances, never floats. */
function micro(v: string): bigint {
  const [int = '0', frac = ''] = v.replace('-', '').split('.');
  const units = BigInt(int + frac.padEnd(6, '0').slice(0, 6));
  return v.startsWith('-') ? -units : units;
}

/** A customer API call from the page, with its session token, in the demo account. */
function demoCall<T>(page: Page, method: 'GET' | 'POST', apiPath: string): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, apiPath }) => {
      const res = await fetch(`/swx/customer/${apiPath}`, {
        method,
        headers: { authorization: sessionStorage.getItem('ob.token') ?? '', virtually: 'YES' },
      });
      return res.json();
    },
    { method, apiPath },
  ) as Promise<Envelope<T>>;
}

async function demoUsdt(page: Page): Promise<string> {
  const b = await demoCall<{ balances: { currency: string; available: string }[] }>(page, 'GET', 'user/getBalances');
  expect(b, b.msg).toMatchObject({ code: 200 });
  return b.result.balances.find((x) => x.currency === 'USDT')?.available ?? '0';
}

interface OptionOrderView {
  id: number;
  status: 'open' | 'settled';
  strike: string;
  openTickId: number;
  expiresAt: number;
  settlePrice: string | null;
  settleTickId: number | null;
  settleTickAt: number | null;
  payout: string | null;
  profit: string | null;
  amount: string;
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('options journey (%s)', (layout) => {
  it('a new user buys a 5-minute call on the demo account, sees it settle on its tick, and the balance matches', async () => {
    // The owner signs in while the server's clock still agrees with ours (its TOTP is by our clock).
    await owner.page();
    const context = await newContext(env.browser, layout);
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await registerNewUser(env, page, `opt${layout.slice(0, 1)}${Date.now().toString(36)}`);

    // A newcomer with an empty real account is offered the demo account on /market.
    await page.goto(`${env.server.url}/market?type=crypto`);
    await page.getByTestId('demo-offer-switch').click();
    await expect.poll(() => page.getByTestId('demo-offer').count()).toBe(0);
    await page.getByTestId('market-search').fill('btc');
    await page.getByTestId('market-row-BTCUSDT').click();
    await page.getByTestId('instrument-view').waitFor();
    const before = await demoUsdt(page);
    expect(micro(before)).toBeGreaterThan(micro('25'));

    // Options beside the margin ticket: the series' periods, σ, spread and cap.
    await page.getByTestId('product-options').click();
    const ticket = page.getByTestId('options-ticket');
    await ticket.waitFor();
    expect(await page.getByTestId('order-ticket').count()).toBe(0);
    expect(plain(await ticket.getByTestId('options-period-300').textContent())).toBe('5 min');
    expect(plain(await ticket.getByTestId('options-volatility').textContent())).toMatch(/^\d+(\.\d+)?%$/);
    expect(plain(await ticket.getByTestId('options-mode').textContent())).toBe('Demo account (virtual funds)');
    await ticket.getByTestId('options-period-300').click();
    await ticket.getByTestId('options-direction-call').click();
    await ticket.getByTestId('options-amount').fill('25');
    await ticket.scrollIntoViewIfNeeded();
    await screenshot(page, `options-${layout}-ticket`);
    expect(await axeViolations(page, '[data-testid="options-ticket"]')).toEqual([]);

    // The quote, before anything is bought.
    await ticket.getByTestId('options-quote').click();
    const dialog = page.getByTestId('options-quote-dialog');
    await dialog.waitFor();
    expect(plain(await dialog.getByTestId('quote-premium').textContent())).toBe('25.00 USDT');
    expect(plain(await dialog.getByTestId('quote-volatility').textContent())).toMatch(/%$/);
    expect(plain(await dialog.getByTestId('quote-model-rate').textContent())).toMatch(/%$/);
    expect(plain(await dialog.getByTestId('quote-spread').textContent())).toBe('5%');
    expect(plain(await dialog.getByTestId('quote-rate').textContent())).toMatch(/%$/);
    expect(plain(await dialog.getByTestId('quote-max-payout').textContent())).toMatch(/^[\d,]+\.\d+ USDT$/);
    expect(plain(await dialog.getByTestId('quote-tick').textContent())).toMatch(/^#\d+$/);
    expect(plain(await dialog.getByTestId('quote-cap-price').textContent())).toMatch(/^[\d,]+\.\d+$/);
    expect(plain(await dialog.getByTestId('quote-rule').textContent())).toContain('A call struck at');
    // The quote holds 15 s on the server's clock, however far the server's clock is from the browser's.
    await expect.poll(async () => plain(await dialog.getByTestId('quote-countdown').textContent())).toMatch(/ 0:1\d$/);
    // The indicative strike traces to its recorded tick.
    await dialog.getByTestId('quote-tick').click();
    await dialog.getByTestId('option-tick-trace').waitFor();
    await screenshot(page, `options-${layout}-quote`);
    expect(await axeViolations(page, '[data-testid="options-quote-dialog"]')).toEqual([]);
    await dialog.getByTestId('quote-tick').click();
    await dialog.getByTestId('quote-confirm').click();
    const toast = page.getByTestId('toast').last();
    await expect.poll(() => toast.textContent()).toMatch(/Call BTCUSDT 5 min bought: strike [\d,.]+ \(tick #\d+\)/);
    await dialog.waitFor({ state: 'detached' });

    // The premium left the demo balance, exactly.
    await expect.poll(async () => micro(await demoUsdt(page))).toBe(micro(before) - micro('25'));

    // My options: the open call counts down, its strike with its tick.
    const open = page.locator('[data-testid^="option-open-"]').first();
    await open.waitFor();
    const id = Number(((await open.getAttribute('data-testid')) ?? '').replace('option-open-', ''));
    await expect
      .poll(async () => plain(await open.getByTestId('option-countdown').textContent()))
      .toMatch(/Expires in [45]:\d\d/);
    expect(plain(await open.getByTestId('option-open-tick').textContent())).toMatch(/^#\d+$/);
    await open.scrollIntoViewIfNeeded();
    await screenshot(page, `options-${layout}-open`);

    // Past the expiry on the server's clock, a few seconds more for a tick after it and the settle job.
    env.server.advanceClock(5 * 60_000 + 8_000);
    const settled = page.getByTestId(`option-settled-${id}`);
    await expect.poll(() => settled.count(), { timeout: 60_000, interval: 500 }).toBe(1);
    expect(await page.getByTestId(`option-open-${id}`).count()).toBe(0);
    const order = await demoCall<OptionOrderView>(page, 'GET', `order/getOptionsOrderById/${id}`);
    expect(order, order.msg).toMatchObject({ code: 200, result: { status: 'settled' } });
    const o = order.result;
    expect(o.settleTickAt ?? 0).toBeGreaterThanOrEqual(o.expiresAt);
    expect(plain(await settled.getByTestId('option-settle-tick').textContent())).toBe(`#${o.settleTickId}`);
    expect(plain(await settled.getByTestId('option-payout').textContent())).toMatch(/USDT$/);
    expect(micro(plain(await settled.getByTestId('option-payout').textContent()).replace(/,|\sUSDT/g, ''))).toBe(
      micro(o.payout ?? ''),
    );
    // The payout is the call's rule on the settling tick: quantity × (S − K), capped; never negative.
    expect(micro(o.payout ?? '-1')).toBeGreaterThanOrEqual(0n);
    expect(micro(o.profit ?? '')).toBe(micro(o.payout ?? '') - micro('25'));
    // The settling tick, as the market recorded it, at the settle price.
    await settled.getByTestId('option-settle-tick').click();
    const trace = settled.getByTestId('option-tick-trace');
    await trace.waitFor();
    expect(plain(await trace.getByTestId('option-tick-last').textContent())).toBe(
      plain(await settled.getByTestId('option-settle-price').textContent()),
    );
    await settled.scrollIntoViewIfNeeded();
    await screenshot(page, `options-${layout}-settled`);
    expect(await axeViolations(page, '[data-testid="my-options"]')).toEqual([]);

    // The balance: before, less the premium, plus the payout.
    await expect
      .poll(async () => micro(await demoUsdt(page)))
      .toBe(micro(before) - micro('25') + micro(o.payout ?? ''));

    // The detail, from the list.
    await settled.getByTestId('option-detail').click();
    const detail = page.getByTestId('option-detail-dialog');
    await detail.getByTestId('detail-settle-tick').waitFor();
    expect(plain(await detail.getByTestId('detail-settle-tick').textContent())).toBe(`#${o.settleTickId}`);
    expect(plain(await detail.getByTestId('detail-open-tick').textContent())).toBe(`#${o.openTickId}`);
    await screenshot(page, `options-${layout}-detail`);
    await page.keyboard.press('Escape');

    if (layout === 'desktop') {
      // The same page in Arabic, right to left.
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await page.reload();
      await page.getByTestId('instrument-view').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('product-options').click();
      await page.getByTestId('options-ticket').waitFor();
      await screenshot(page, 'options-desktop-ar-ticket');
      await page.getByTestId('options-quote').click();
      await page.getByTestId('options-quote-dialog').waitFor();
      await screenshot(page, 'options-desktop-ar-quote');
      expect(await axeViolations(page, '[data-testid="options-quote-dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId(`option-settled-${id}`).scrollIntoViewIfNeeded();
      await screenshot(page, 'options-desktop-ar-settled');
    }
    expect(errors).toEqual([]);
    await context.close();

    // The ledger balances (premium in, payout out of the options account), and nothing stays exposed.
    const dashboard = await owner.admin<{ trialBalance: { ok: boolean; problems: number } }>('GET', 'dashboard');
    expect(dashboard.result.trialBalance).toMatchObject({ ok: true, problems: 0 });
    const series = await owner.admin<{ accounts: { mode: string; currency: string; open: number }[] }>(
      'GET',
      'option-series',
    );
    expect(series.result.accounts.find((a) => a.mode === 'demo' && a.currency === 'USDT')?.open ?? 0).toBe(0);
  });
});
