#!/usr/bin/env node
/**
 * Screenshots of the built app served by a running server, for a visual check of both layouts.
 * Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [paths...]
 * Needs Chromium at CHROMIUM (default /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '/tmp/ob-shots';
const paths = process.argv.slice(4).length ? process.argv.slice(4) : ['/'];
const login = process.env.LOGIN === '1';
const langs = (process.env.LANGS ?? 'en,ar').split(',');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const devices = {
  desktop: { viewport: { width: 1366, height: 768 } },
  mobile: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  },
};
for (const [name, options] of Object.entries(devices)) {
  for (const lang of langs) {
    const context = await browser.newContext(options);
    await context.addInitScript(
      ([l, board]) => {
        sessionStorage.setItem('ob.lang', l);
        if (!board) localStorage.setItem('ob.boardSeen', '1');
      },
      [lang, process.env.BOARD === '1'],
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[${name} ${lang}] pageerror`, e.message));
    page.on('console', (m) => m.type() === 'error' && console.error(`[${name} ${lang}] console`, m.text()));
    if (login) {
      await page.goto(`${base}/pass/login`);
      await page.getByTestId('login-username').fill(process.env.USER_NAME ?? 'demo');
      await page.getByTestId('login-password').fill(process.env.USER_PASSWORD ?? 'Demo12345');
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
      if (process.env.DEMO === '1') await page.evaluate(() => sessionStorage.setItem('ob.mode', '2'));
    }
    for (const p of paths) {
      await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const file = path.join(out, `${name}-${lang}${p.replace(/[^\w]+/g, '_') || '_'}${login ? '-in' : ''}.png`);
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
