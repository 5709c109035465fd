import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';

/**
 * The main screens in both layouts, in English and Arabic: each renders its content, sets the
 * document direction, and fits the viewport without horizontal scrolling (a broken RTL mirror or an
 * over-wide element shows up here before a person sees it). Screenshots land in e2e/artifacts.
 */
const env = useJourney();

const screens: { name: string; path: string; ready: string; login?: boolean }[] = [
  { name: 'home', path: '/', ready: 'home-stats' },
  { name: 'login', path: '/pass/login', ready: 'login-form' },
  { name: 'register', path: '/pass/register', ready: 'register-form' },
  { name: 'profile', path: '/profile', ready: 'profile-username', login: true },
  { name: 'market', path: '/market', ready: 'market-simulated' },
  { name: 'records', path: '/profile/records', ready: 'records-page', login: true },
  { name: 'loan', path: '/loan', ready: 'loan-calculator', login: true },
  { name: 'nfts', path: '/nfts', ready: 'nft-grid', login: true },
  { name: 'verify', path: '/profile/verify', ready: 'kyc-form', login: true },
];

async function overflowPx(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe.each(['desktop', 'mobile'] as Layout[])('screens (%s)', (layout) => {
  it.each(['en', 'ar'])('render in %s without overflow', async (lang) => {
    const context = await newContext(env.browser, layout);
    // A returning visitor in this language: onboarding seen, language chosen.
    await context.addInitScript((l) => {
      localStorage.setItem('ob.boardSeen', '1');
      sessionStorage.setItem('ob.lang', l);
    }, lang);
    const page = await context.newPage();
    for (const screen of screens) {
      if (screen.login) {
        const res = await page.request.post(`${env.server.url}/swx/customer/login/login`, {
          data: { username: 'demo', password: 'Demo12345' },
        });
        const { result } = (await res.json()) as { result: { token: string } };
        await page.evaluate((token) => {
          sessionStorage.setItem('ob.token', token);
          sessionStorage.setItem('ob.login', '1');
        }, result.token);
      }
      await page.goto(`${env.server.url}${screen.path}`);
      await page.getByTestId(screen.ready).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await overflowPx(page), `${screen.name} overflows horizontally`).toBeLessThanOrEqual(0);
      await screenshot(page, `screen-${layout}-${lang}-${screen.name}`);
    }
    await context.close();
  });
});
