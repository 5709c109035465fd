import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

/** The mobile onboarding board shows on a first visit: skip it when it is there. */
export async function dismissBoard(page: Page) {
  const skip = page.getByTestId('board-skip');
  await skip.waitFor({ state: 'visible', timeout: 1500 }).catch(() => undefined);
  if (await skip.isVisible()) await skip.click();
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
