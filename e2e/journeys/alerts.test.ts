import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations } from '../support/customer.ts';
import { dismissBoard, logInAsDemo, useJourney } from '../support/journey.ts';

/**
 * Favourites and price alerts in both layouts, on the live simulated feed: the demo user stars an
 * instrument from the keyboard (it moves to the top of the list), sets two alerts on BTC/USDT a
 * couple of dollars either side of the price from the instrument's dialog, and one fires: the
 * bell counts it up while the page stays open (the WebSocket push), /profile/notification shows
 * it, and /profile/alerts names the price and recorded tick that fired it; then all of it in
 * Arabic (right to left), and the alert still waiting is deleted from the page.
 */
const env = useJourney();

type Envelope<T> = { code: number; msg: string; result: T };

/** An API call from the page, as the app makes it (the session token). */
function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/swx/customer/${path}`, {
        method,
        headers: { authorization: sessionStorage.getItem('ob.token') ?? '', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;
}

type Alerts = { active: { id: number }[]; fired: { id: number; firedTickId: number; firedPrice: string }[] };

/** What an earlier run left (the server and the demo user are shared by both layouts). */
async function clean(page: Page) {
  const favs = await call<{ list: { instrumentId: number }[] }>(page, 'GET', 'user/listFavourite');
  for (const f of favs.result.list) await call(page, 'POST', 'user/removeFavourite', { instrumentId: f.instrumentId });
  const alerts = await call<Alerts>(page, 'GET', 'user/listPriceAlert');
  for (const a of [...alerts.result.active, ...alerts.result.fired]) {
    await call(page, 'POST', 'user/removePriceAlert', { id: a.id });
  }
}

async function badge(page: Page): Promise<number> {
  const b = page.getByTestId('notifications-badge');
  if ((await b.count()) === 0) return 0;
  return Number.parseInt((await b.first().textContent()) ?? '', 10) || 0;
}

const rowCodes = (page: Page) =>
  page.locator('[data-testid^="market-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));

/** Cents on BTC/USDT's 0.01 grid, for a target a few dollars from the price. */
const cents = (s: string) => Math.round(Number(s) * 100);
const price = (c: number) => (c / 100).toFixed(2);

/**
 * Sets an alert `offset` cents from the price the dialog shows; tried again when the price moved
 * past the target meanwhile (the dialog, or the server, refuses a target already reached).
 */
async function setAlert(page: Page, offset: number) {
  for (let attempt = 0; attempt < 8; attempt++) {
    await page.getByTestId('alert-button').click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.waitFor();
    // The price the dialog shows (the live feed's), as a user reads it.
    const shown = ((await dialog.getByTestId('alert-price-now').textContent()) ?? '').replace(/,/g, '');
    const target = price(cents(shown) + offset);
    await dialog.getByTestId('alert-target').fill(target);
    // The direction follows the target.
    const checked = await dialog.getByTestId(`alert-condition-${offset > 0 ? 'above' : 'below'}`).isChecked();
    if (!checked) {
      await page.keyboard.press('Escape');
      continue;
    }
    await dialog.getByTestId('alert-submit').click();
    const closed = await dialog
      .waitFor({ state: 'detached', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return target;
    await page.keyboard.press('Escape');
  }
  throw new Error('could not set an alert near the price');
}

const layouts: Layout[] = ['desktop', 'mobile'];

describe.each(layouts)('price alerts journey (%s)', (layout) => {
  it('stars an instrument to the top, sets alerts near the price, and sees one fire live, in English and Arabic', async () => {
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Signed out, the star asks to log in.
    await page.goto(`${env.server.url}/market?type=crypto`);
    await dismissBoard(page);
    await page.getByTestId('favourite-ETHUSDT').click();
    await page.getByTestId('favourite-login').waitFor();
    await page.keyboard.press('Escape');

    await logInAsDemo(page, env.server.url);
    await clean(page);

    // Star the last crypto row from the keyboard: it moves to the top.
    await page.goto(`${env.server.url}/market?type=crypto`);
    await page.getByTestId('market-row-BTCUSDT').waitFor();
    const before = await rowCodes(page);
    const last = before.at(-1)!.replace('market-row-', '');
    expect(before[0]).not.toBe(`market-row-${last}`);
    const star = page.getByTestId(`market-row-${last}`).getByTestId(`favourite-${last}`);
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    expect(await star.getAttribute('aria-label')).toMatch(/^Favourite: /);
    await star.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await rowCodes(page))[0]).toBe(`market-row-${last}`);
    // Keyboard focus is visible on the star.
    expect(await star.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    expect(await page.url()).not.toContain('id='); // starring did not open the instrument
    await screenshot(page, `alerts-${layout}-starred`);

    // Two alerts on BTC/USDT, $2 either side of the price: the simulated price soon reaches one.
    await page.goto(`${env.server.url}/market?type=crypto&id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    const headerStar = page.getByTestId('instrument-view').getByTestId('favourite-BTCUSDT');
    expect(await headerStar.getAttribute('aria-pressed')).toBe('false');
    const bell = page.getByTestId('notifications-button');
    await bell.waitFor();
    await new Promise((r) => setTimeout(r, 1000));
    const unreadBefore = await badge(page);
    await page.getByTestId('alert-button').click();
    await page.getByTestId('alert-dialog').waitFor();
    await page.getByTestId('alert-target').fill('1');
    await page.getByTestId('alert-condition-above').check();
    await page.getByTestId('alert-submit').click();
    await page.getByTestId('alert-dialog').getByRole('alert').waitFor();
    await screenshot(page, `alerts-${layout}-dialog-refused`);
    expect(await axeViolations(page, '[data-testid="alert-dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    const up = await setAlert(page, 200);
    const down = await setAlert(page, -200);
    expect(await page.getByTestId('alert-button').getAttribute('aria-label')).toMatch(/^Price alert: [12] waiting$/);

    // The push raises the bell's count without a reload.
    await expect.poll(() => badge(page), { timeout: 90_000, interval: 500 }).toBeGreaterThan(unreadBefore);
    await screenshot(page, `alerts-${layout}-fired-bell`);
    const alerts = await call<Alerts>(page, 'GET', 'user/listPriceAlert');
    expect(alerts.result.fired.length).toBeGreaterThanOrEqual(1);
    // The first to fire (the other may have fired since: the price moves both ways).
    const fired = alerts.result.fired.at(-1)!;
    // One far from the price stays waiting, to be deleted from the page below.
    const now = await call<{ id: number; quote: { last: string } }>(page, 'GET', 'index/getMarketInfo/BTCUSDT');
    const far = await call(page, 'POST', 'user/addPriceAlert', {
      instrumentId: now.result.id,
      condition: 'above',
      price: price(cents(now.result.quote.last) + 5_000_000),
    });
    expect(far.code).toBe(200);

    await bell.click();
    await page.waitForURL((u) => u.pathname === '/profile/notification');
    const note = page.locator('[data-testid="notification-item"][data-kind="priceAlert"]').first();
    await note.waitFor();
    expect(await note.getByTestId('notification-title').textContent()).toBe('Price alert: Bitcoin');
    const notes = page.locator('[data-testid="notification-item"][data-kind="priceAlert"]');
    const bodies = await notes.getByTestId('notification-body').allTextContents();
    const body = bodies.find((b) => b.includes(`tick #${fired.firedTickId}.`)) ?? bodies.join(' | ');
    expect(body).toContain(`tick #${fired.firedTickId}`);
    // Prices in a notification are grouped as the reader's language groups them.
    const grouped = (p: string) => p.replace(/^\d+/, (i) => i.replace(/\B(?=(\d{3})+$)/g, ','));
    expect(body).toMatch(new RegExp(`reaching your alert at (${grouped(up)}|${grouped(down)})`));
    expect(await note.locator('a').getAttribute('href')).toBe('/market?id=BTCUSDT');
    await screenshot(page, `alerts-${layout}-notification`);

    await page.goto(`${env.server.url}/profile/alerts`);
    const firedList = page.getByTestId('alerts-fired');
    await firedList.waitFor();
    expect((await firedList.getByTestId('alert-fired').allTextContents()).join(' ')).toContain(
      `tick #${fired.firedTickId}`,
    );
    expect(await page.getByTestId('favourites-list').textContent()).toContain(last);
    await screenshot(page, `alerts-${layout}-page-en`);

    // Arabic: the page runs right to left, the server words the notification in Arabic.
    await page.getByTestId('lang-button').first().click();
    await page.getByTestId('lang-option-ar').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('تنبيهات الأسعار والمفضلة');
    await screenshot(page, `alerts-${layout}-page-ar`);

    // The alerts still waiting are deleted from the page, each by its named button.
    // The other alert may fire meanwhile on the live feed and leave the list by itself: a click
    // that finds its button gone is not a failure, the count going down is the test.
    const waiting = page.getByTestId('alerts-waiting').getByTestId('alert-delete');
    if ((await waiting.count()) > 0) {
      expect(await waiting.first().getAttribute('aria-label')).toMatch(/^حذف التنبيه: BTCUSDT/);
    }
    for (let n = await waiting.count(); n > 0; n = await waiting.count()) {
      await waiting
        .first()
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await expect.poll(() => waiting.count()).toBeLessThan(n);
    }
    expect(await page.getByTestId('alerts-count').textContent()).toBe('0 من 50');

    await page.goto(`${env.server.url}/profile/notification`);
    await expect
      .poll(() => note.getByTestId('notification-title').textContent(), { timeout: 10_000 })
      .toBe('تنبيه سعر: \u2068بيتكوين\u2069');
    await screenshot(page, `alerts-${layout}-notification-ar`);

    await page.goto(`${env.server.url}/market?type=crypto&id=BTCUSDT`);
    await page.getByTestId('instrument-view').waitFor();
    await page.getByTestId('alert-button').click();
    await page.getByTestId('alert-dialog').waitFor();
    await screenshot(page, `alerts-${layout}-dialog-ar`);
    expect(await axeViolations(page, '[data-testid="alert-dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId(`favourite-${last}`).first().scrollIntoViewIfNeeded();
    await screenshot(page, `alerts-${layout}-market-ar`);

    expect(errors).toEqual([]);
    await clean(page);
    await context.close();
  });
});
