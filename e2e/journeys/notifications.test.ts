import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { useJourney, logInAsDemo } from '../support/journey.ts';

/**
 * Notifications in both layouts: log in as the demo user in the demo account, open two BTC/USDT
 * positions whose stop losses sit just either side of the live simulated price (a long's below
 * the bid, a short's above the ask), and wait for the feed to fire one. The bell's badge counts it
 * up while the page stays open (the WebSocket push); /profile/notification lists the stop loss,
 * in English and in Arabic (right to left), and "Mark all as read" clears the badge.
 *
 * A stop loss stands in for a stop-out: both are closes by trigger with the same path to the
 * notification, and a real stop-out would need the price to fall half a margin away.
 */
const env = useJourney();

/** The badge's count (0 when hidden). */
async function badge(page: Page): Promise<number> {
  const b = page.getByTestId('notifications-badge');
  if ((await b.count()) === 0) return 0;
  const text = (await b.first().textContent()) ?? '';
  return Number.parseInt(text, 10) || 0;
}

type Envelope<T> = { code: number; msg: string; result: T };

/** An API call from the page, as the app makes it: the session token, the demo account. */
function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/swx/customer/${path}`, {
        method,
        headers: {
          authorization: sessionStorage.getItem('ob.token') ?? '',
          virtually: 'YES',
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;
}

/** Decimal arithmetic in cents, for a stop level on BTC/USDT's 0.01 grid. */
const cents = (s: string) => Math.round(Number(s) * 100);
const price = (c: number) => (c / 100).toFixed(2);

/**
 * A market position with its stop loss `distance` cents beyond the current quote (a long's below
 * the bid, a short's above the ask), read just before; placed again if the price moved past it
 * meanwhile (40011).
 */
async function openWithStop(page: Page, side: 'buy' | 'sell', distance: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const info = await call<{ id: number; quote: { bid: string; ask: string } }>(
      page,
      'GET',
      'index/getMarketInfo/BTCUSDT',
    );
    expect(info.code).toBe(200);
    const stopLoss =
      side === 'buy' ? price(cents(info.result.quote.bid) - distance) : price(cents(info.result.quote.ask) + distance);
    const placed = await call<{ id: number; orderNo: string }>(page, 'POST', 'order/buyU', {
      instrumentId: info.result.id,
      side,
      lots: '0.001',
      leverage: 10,
      stopLoss,
    });
    if (placed.code === 200) return placed.result;
    expect(placed.code, JSON.stringify(placed)).toBe(40011);
  }
  throw new Error('could not place a stop near the price');
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('notifications journey (%s)', (layout) => {
  it('a stop loss fired by the feed shows on the bell at once and on /profile/notification, in English and Arabic', async () => {
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await logInAsDemo(page, env.server.url);

    // The demo account (the orders below go to it).
    await page.goto(`${env.server.url}/profile`);
    await page.getByTestId('account-mode-toggle').waitFor();
    if (!(await page.getByTestId('demo-badge').first().isVisible())) {
      await page.getByTestId('account-mode-toggle').click();
      await expect.poll(() => page.getByTestId('demo-badge').first().isVisible()).toBe(true);
    }

    // The sign-in itself is a notification: the bell shows it.
    await page.goto(`${env.server.url}/market?type=crypto&id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    const bell = page.getByTestId('notifications-button');
    await bell.waitFor();
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const before = await badge(page);
    expect(await bell.getAttribute('aria-label')).toBe(`Notifications: ${before} unread`);

    // Stops $30 either side of the price: the simulated BTC moves ~$10 a second, so one fires soon.
    const long = await openWithStop(page, 'buy', 3000);
    const short = await openWithStop(page, 'sell', 3000);
    const orderNos = [long.orderNo, short.orderNo];

    // The push raises the count without a reload.
    await expect.poll(() => badge(page), { timeout: 90_000, interval: 500 }).toBeGreaterThan(before);
    await screenshot(page, `notifications-${layout}-bell`);

    await bell.click();
    await page.waitForURL((u) => u.pathname === '/profile/notification');
    // This run's stop (the other layout's run left a position whose stop may fire meanwhile).
    const stop = page
      .locator('[data-testid="notification-item"][data-kind="stopLoss"]')
      .filter({ hasText: new RegExp(orderNos.join('|')) })
      .first();
    await stop.waitFor({ timeout: 90_000 });
    expect(await stop.getAttribute('data-read')).toBe('false');
    expect(await stop.getByTestId('notification-title').textContent()).toBe('Stop loss triggered');
    const body = (await stop.getByTestId('notification-body').textContent()) ?? '';
    expect(orderNos.some((no) => body.includes(no))).toBe(true);
    expect(await stop.locator('a').getAttribute('href')).toBe('/market?id=BTCUSDT');
    expect(await page.locator('[data-testid="notification-item"][data-kind="newSignIn"]').count()).toBeGreaterThan(0);
    await screenshot(page, `notifications-${layout}-en`);

    // In Arabic the server renders the texts in Arabic and the page runs right to left.
    await page.getByTestId('lang-button').first().click();
    await page.getByTestId('lang-option-ar').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect
      .poll(() => stop.getByTestId('notification-title').textContent(), { timeout: 10_000 })
      .toBe('تم تفعيل وقف الخسارة');
    // The P/L keeps its sign in front of its digits inside the right-to-left sentence.
    const signFirst = await stop.getByTestId('notification-body').evaluate((el) => {
      const node = el.firstChild as Text;
      const i = node.data.search(/-\d/);
      if (i < 0) return null;
      const x = (k: number) => {
        const r = document.createRange();
        r.setStart(node, k);
        r.setEnd(node, k + 1);
        return r.getBoundingClientRect().x;
      };
      return x(i) < x(i + 1);
    });
    expect(signFirst).toBe(true);
    await screenshot(page, `notifications-${layout}-ar`);

    // Mark all as read: the marks and the badge go.
    await page.getByTestId('notifications-read-all').click();
    await expect.poll(() => page.getByTestId('notification-unread').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => badge(page)).toBe(0);
    expect(await page.getByTestId('notifications-read-all').count()).toBe(0);
    await screenshot(page, `notifications-${layout}-ar-read`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
