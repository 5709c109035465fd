import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const VIEWPORTS = {
  desktop: {
    viewport: { width: 1366, height: 768 },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  },
  mobile: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  },
} as const;

export type Layout = keyof typeof VIEWPORTS;

/**
 * A browser context in a layout; `wideDesktop` gives the desktop a 1440 × 900 window (the top bar
 * with the bell and the account menu, and a position below the chart, fit without scrolling).
 */
export async function newContext(
  browser: Browser,
  layout: Layout,
  { wideDesktop = false }: { wideDesktop?: boolean } = {},
): Promise<BrowserContext> {
  const wide = wideDesktop && layout === 'desktop' ? { viewport: { width: 1440, height: 900 } } : {};
  return browser.newContext({ ...VIEWPORTS[layout], ...wide });
}

const shots = path.resolve(__dirname, '../artifacts');

/** Screenshots for people to look at (e2e/artifacts, not committed). */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}
