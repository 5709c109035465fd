import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { boardAllowed } from '../../apps/web/src/app/layout/layout-paths.ts';
import { launch } from './browser.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

/**
 * A journey's real server (fresh embedded database) and Chromium, started before its tests and
 * stopped after them. Read `env.server` and `env.browser` inside tests and hooks.
 */
export function useJourney(options: ServerOptions = {}): { readonly server: RunningServer; readonly browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startServer(options);
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * The mobile onboarding board shows on a first visit: skip it when it is due. It mounts once the
 * browser is idle, which on a loaded machine can take seconds, so a fixed short wait is not enough
 * (it once appeared after such a wait and covered the next click): once the app (not the static
 * first-paint shell) has rendered, if the board is due (the phone layout, a page the app lets it cover,
 * not seen in this browser yet) wait for it as long as it takes.
 */
export async function dismissBoard(page: Page) {
  const app = page.locator('.m-shell:not(.ob-static), .d-shell:not(.ob-static)').first();
  const rendered = await app.waitFor({ state: 'attached', timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!rendered) return;
  const due =
    boardAllowed(new URL(page.url()).pathname) &&
    (await page.evaluate(
      () => document.querySelector('.m-shell:not(.ob-static)') !== null && localStorage.getItem('ob.boardSeen') !== '1',
    ));
  if (!due) return;
  const skip = page.getByTestId('board-skip');
  await skip.waitFor({ state: 'visible', timeout: 20_000 });
  await skip.click();
  await page.getByTestId('board').waitFor({ state: 'detached' });
}

/** Signs in as the seeded demo user from the login page and waits to leave it. */
export async function logInAsDemo(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/pass/login`);
  await dismissBoard(page);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill('Demo12345');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
}
