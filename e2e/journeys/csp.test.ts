import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, screenshot, VIEWPORTS } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';

/**
 * The server's Content-Security-Policy (apps/server/src/http/security-headers.ts) against the built
 * web app in a real browser: the main pages in both layouts, in English and Arabic, break no rule of
 * the policy (no inline script, style or attribute refused, no connection blocked) and throw no
 * error; the market page still draws its chart and its quotes move with the WebSocket's pushes; and
 * no other site can frame the app.
 */
const env = useJourney();

const CONTEXTS: Record<Layout, Parameters<Browser['newContext']>[0]> = {
  desktop: { ...VIEWPORTS.desktop, viewport: { width: 1440, height: 900 } },
  mobile: VIEWPORTS.mobile,
};

interface Watch {
  /** Violations seen by the page (securitypolicyviolation events) and Chromium's console reports. */
  violations: string[];
  errors: string[];
}

async function watchedContext(layout: Layout, lang: string): Promise<{ context: BrowserContext; watch: Watch }> {
  const context = await env.browser.newContext(CONTEXTS[layout]);
  const watch: Watch = { violations: [], errors: [] };
  await context.exposeFunction('__cspViolation', (text: string) => {
    watch.violations.push(text);
  });
  await context.addInitScript((l) => {
    // A returning visitor in this language: onboarding seen, language chosen (not in the opaque
    // documents that have no storage, such as the first about:blank).
    try {
      localStorage.setItem('ob.boardSeen', '1');
      sessionStorage.setItem('ob.lang', l);
    } catch {}
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
      report?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  }, lang);
  context.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) watch.violations.push(`console: ${msg.text()}`);
  });
  context.on('weberror', (e) => watch.errors.push(e.error().message));
  return { context, watch };
}

/** Opens a page, checks its answer carries the policy, and waits until it has rendered and settled. */
async function open(page: Page, path: string, ready: string) {
  const res = await page.goto(`${env.server.url}${path}`);
  expect(res?.status(), path).toBe(200);
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("default-src 'self'");
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
  expect(policy, path).not.toContain('unsafe-inline');
  expect(res?.headers()['x-frame-options'], path).toBe('DENY');
  await page.getByTestId(ready).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

const pages: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: 'home-stats' },
  { name: 'login', path: '/pass/login', ready: 'login-form' },
  { name: 'register', path: '/pass/register', ready: 'register-form' },
  { name: 'help', path: '/help', ready: 'help-faq' },
];

describe.each(['desktop', 'mobile'] as Layout[])('content security policy (%s)', (layout) => {
  it.each(['en', 'ar'])('the main pages in %s break no rule of the policy', async (lang) => {
    const { context, watch } = await watchedContext(layout, lang);
    const page = await context.newPage();

    // The policy is enforced and the watch sees a refusal: an inline script added now is refused.
    await open(page, '/', 'home-stats');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
    });
    await expect.poll(() => watch.violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(watch.violations.join('\n')).toContain('script-src');
    watch.violations.length = 0;

    for (const p of pages) await open(page, p.path, p.ready);

    // The market: the WebSocket connects and its pushes move the quotes; the chart draws.
    let frames = 0;
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname === '/message') ws.on('framereceived', () => frames++);
    });
    await open(page, '/market?type=crypto', 'market-simulated');
    const last = page.getByTestId('market-row-BTCUSDT').locator('td').first();
    const first = await last.textContent();
    expect(first).toMatch(/\d/);
    await expect.poll(() => frames, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => last.textContent(), { timeout: 20_000, interval: 500 }).not.toBe(first);
    await page.getByTestId('market-row-BTCUSDT').click();
    await page.waitForURL((u) => u.searchParams.get('id') !== null);
    await page.getByTestId('instrument-view').waitFor();
    await expect
      .poll(() => page.getByTestId('chart').locator('canvas').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    if (lang === 'en') await screenshot(page, `csp-${layout}-market`);

    // Logged in (the seeded demo user): the profile.
    const login = await page.request.post(`${env.server.url}/swx/customer/login/login`, {
      data: { username: 'demo', password: 'Demo12345' },
    });
    expect(login.headers()['cache-control']).toBe('no-store');
    const { result } = (await login.json()) as { result: { token: string } };
    await page.evaluate((token) => {
      sessionStorage.setItem('ob.token', token);
      sessionStorage.setItem('ob.login', '1');
    }, result.token);
    await open(page, '/profile', 'profile-username');
    await open(page, '/market?type=crypto', 'market-simulated');

    // Refusals reach the page a moment after they happen.
    await page.waitForTimeout(300);
    expect(watch.violations, 'CSP violations').toEqual([]);
    expect(watch.errors, 'page errors').toEqual([]);
    await context.close();
  });
});

describe('frame protection', () => {
  it('no other site can frame the app', async () => {
    const { context } = await watchedContext('desktop', 'en');
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().includes('frame-ancestors')) refused.push(msg.text());
    });
    // A page of another origin (about:blank here) framing the market.
    await page.setContent(`<iframe src="${env.server.url}/market" width="800" height="600"></iframe>`);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('[data-testid="market-simulated"]').count()).toBe(0);
    await context.close();
  });
});
