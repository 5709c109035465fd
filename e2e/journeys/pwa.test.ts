import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, type Layout, newContext, screenshot, VIEWPORTS } from '../support/browser.ts';
import { logInAsDemo, useJourney } from '../support/journey.ts';

/**
 * The installable app: Chromium finds nothing missing for installation (the DevTools protocol's
 * Page.getInstallabilityErrors), the service worker registers and controls the page, a page
 * opened without a network shows the translated offline page, /download explains installing in
 * both layouts (and in Arabic, right to left), and a signed-in user finds "notifications on this
 * device" from the notifications page.
 */
const env = useJourney();

/** A context in a layout with the mobile onboarding board already seen (it would cover the pages). */
async function boardlessContext(layout: Layout) {
  const context = await newContext(env.browser, layout);
  await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
  return context;
}

/** Waits until the service worker is active and controls the page (it claims on first install). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

describe('the installable app', () => {
  it('Chromium reports it installable, and the worker controls the page', async () => {
    // A browser profile of its own: Chromium never installs apps from an incognito context (which
    // every browser.newContext is), so installability is asked of a persistent one.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ...VIEWPORTS.desktop,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto(env.server.url);
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'OpenBourse', display: 'standalone' });
      // Installability is checked once the manifest and the worker are known: poll until it settles.
      await expect
        .poll(
          async () =>
            ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
              .installabilityErrors,
        )
        .toEqual([]);
      // The API is never answered by the worker: a call goes to the network as without one.
      const fromWorker = await page.evaluate(async () => {
        await fetch('/swx/customer/index/getParamByKey/site_name');
        const entry = performance
          .getEntriesByName(`${location.origin}/swx/customer/index/getParamByKey/site_name`)
          .pop() as (PerformanceResourceTiming & { workerStart: number }) | undefined;
        return entry ? entry.workerStart > 0 && entry.transferSize === 0 : null;
      });
      expect(fromWorker).not.toBe(true);
      const sw = await page.request.get(`${env.server.url}/sw.js`);
      expect(sw.headers()['cache-control']).toBe('no-cache');
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    // The worker's install fetches the whole precache list first: slow on a loaded machine.
  }, 300_000);

  it('without a network a page opens as the offline page, in the app’s language', async () => {
    const context = await boardlessContext('mobile');
    const page = await context.newPage();
    try {
      await page.goto(env.server.url);
      await controlled(page);
      // The worker's install precached the offline page; the visitor reads Arabic.
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await context.setOffline(true);
      await page.goto(`${env.server.url}/market`);
      await expect.poll(() => page.getByTestId('offline-page').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.locator('h1').textContent()).toBe('أنت غير متصل بالإنترنت');
      await screenshot(page, 'pwa-offline-mobile-ar');
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
      await page.reload().catch(() => undefined);
      await expect.poll(() => page.locator('h1').textContent()).toBe("You're offline");
      await screenshot(page, 'pwa-offline-mobile-en');
      // Back online, the offline page reloads itself: the app comes back at the same address.
      await context.setOffline(false);
      await expect
        .poll(() =>
          page
            .getByTestId('offline-page')
            .count()
            .catch(() => 1),
        )
        .toBe(0);
      expect(new URL(page.url()).pathname).toBe('/market');
      await page.locator('main').first().waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);

  const layouts: Layout[] = ['desktop', 'mobile'];
  for (const layout of layouts) {
    it(`/download explains installing the app (${layout})`, async () => {
      const context = await boardlessContext(layout);
      const page = await context.newPage();
      try {
        await page.goto(`${env.server.url}/download`);
        const card = page.getByTestId('download-card');
        await card.waitFor();
        const mode = await card.getAttribute('data-mode');
        // The mobile layout is an iPhone (Safari's Share → Add to Home Screen); the desktop is
        // Chromium: its install prompt, or its menu when it has not offered one (yet).
        if (layout === 'mobile') {
          expect(mode).toBe('ios');
          await expect.poll(() => page.getByTestId('download-ios').isVisible()).toBe(true);
        } else {
          expect(['prompt', 'manual']).toContain(mode);
          await expect.poll(() => page.getByTestId('download-qr').isVisible()).toBe(true);
        }
        await expect.poll(() => page.locator('h1').textContent()).toBe('Get the OpenBourse app');
        await screenshot(page, `pwa-download-${layout}`);
        // Arabic, right to left.
        await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
        await page.reload();
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await expect.poll(() => page.locator('h1').textContent()).toBe('تطبيق OpenBourse');
        await screenshot(page, `pwa-download-${layout}-ar`);
      } finally {
        await context.close();
      }
    });
  }

  it('the footer’s download link leads to /download', async () => {
    const context = await boardlessContext('desktop');
    const page = await context.newPage();
    try {
      await page.goto(env.server.url);
      const link = page.getByTestId('footer-download');
      await link.scrollIntoViewIfNeeded().catch(() => undefined);
      await page.mouse.wheel(0, 5000);
      await expect.poll(() => link.getAttribute('href')).toBe(`${env.server.url}/download`);
    } finally {
      await context.close();
    }
  });

  for (const layout of layouts) {
    it(`notifications on this device: reached from the notifications page (${layout})`, async () => {
      const context = await boardlessContext(layout);
      const page = await context.newPage();
      try {
        await logInAsDemo(page, env.server.url);
        await page.goto(`${env.server.url}/profile/notification`);
        await page.getByTestId('notifications-page').waitFor();
        await page.getByTestId('notifications-push-link').click();
        await page.waitForURL((u) => u.pathname === '/profile/push');
        const settings = page.getByTestId('push-settings');
        await settings.waitFor();
        // Headless Chromium supports web push; nothing is asked until the user clicks "Turn on".
        expect(await settings.getAttribute('data-state')).toBe('off');
        expect(await page.evaluate(() => Notification.permission)).toBe('default');
        await screenshot(page, `pwa-push-${layout}`);
      } finally {
        await context.close();
      }
    });
  }
});
