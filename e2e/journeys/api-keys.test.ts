import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call } from '../support/owner.ts';

/**
 * API keys for bots, in both layouts: a new user opens the account centre's API keys page from
 * /profile/info, creates a key (read and trade, allowed from this machine only) with the password,
 * and copies the secret shown once. The test then runs the repository's example client
 * (scripts/api-key-client.mjs) as a bot would: it signs a spot limit buy on the demo book and sends
 * it to the running server. The order appears among the user's open orders in the browser, the key
 * shows its last use; revoked after a confirmation, the same client is refused (40131). Photographed in
 * both layouts and in Arabic; axe finds no serious violations.
 */
const env = useJourney();
const layouts: Layout[] = ['desktop', 'mobile'];
const CLIENT = path.resolve(__dirname, '../../scripts/api-key-client.mjs');
const run = promisify(execFile);

type Envelope = { code: number; msg: string; result: { orderNo?: string } | null };

/** The example client, as its README usage shows it; answers its printed envelope. */
async function client(key: { id: string; secret: string }, ...args: string[]): Promise<Envelope> {
  const env2 = { ...process.env, OB_URL: env.server.url, OB_KEY: key.id, OB_SECRET: key.secret, OB_DEMO: '1' };
  const out = await run(process.execPath, [CLIENT, ...args], { env: env2 }).catch(
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout) throw new Error(`client failed: ${err.stderr ?? String(err)}`);
      return { stdout: err.stdout };
    },
  );
  return JSON.parse(out.stdout) as Envelope;
}

describe.each(layouts)('API keys journey (%s)', (layout) => {
  it('creates a key, places an order with a signed request from the example client, sees it, revokes the key', async () => {
    const context = await newContext(env.browser, layout, { wideDesktop: true });
    await context.addInitScript(() => {
      localStorage.setItem('ob.boardSeen', '1');
      // The demo account: funded with virtual USDT, where the bot trades (OB_DEMO=1).
      sessionStorage.setItem('ob.mode', '2');
    });
    const page = await context.newPage();
    // Several journeys may share the machine: the first loads can be slow.
    page.setDefaultNavigationTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await registerNewUser(env, page, `bot${layout}${Date.now().toString(36)}`);

    await page.goto(`${env.server.url}/profile/info`);
    await page.getByTestId('info-api-keys').click();
    await page.waitForURL((u) => u.pathname === '/profile/api-keys');
    await page.getByTestId('apikey-create-form').waitFor();
    await page.getByTestId('apikey-label').fill('grid bot');
    await page.getByTestId('apikey-scope-trade').check();
    await page.getByTestId('apikey-ips').fill('127.0.0.1\n::1');
    await page.getByTestId('apikey-password').fill('Journey123');
    await screenshot(page, `api-keys-${layout}-create`);
    await page.getByTestId('apikey-create-submit').click();

    // The secret, once, with its warning.
    await page.getByTestId('apikey-secret-panel').waitFor();
    const key = {
      id: ((await page.getByTestId('apikey-new-id').textContent()) ?? '').trim(),
      secret: ((await page.getByTestId('apikey-new-secret').textContent()) ?? '').trim(),
    };
    expect(key.id).toMatch(/^obk_[0-9a-f]{24}$/);
    expect(key.secret.length).toBeGreaterThan(30);
    await screenshot(page, `api-keys-${layout}-secret`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('apikey-secret-done').click();
    await expect.poll(() => page.getByTestId('apikey-item').count()).toBe(1);
    expect(await page.getByTestId('apikey-secret-panel').count()).toBe(0);
    expect(await page.content()).not.toContain(key.secret);

    // The bot: a signed spot limit buy far below the market (it rests in the book).
    const pairs = await call<{ id: number; symbol: string }[]>(page, 'GET', 'index/listSpotPair');
    const btc = pairs.result.find((p) => p.symbol === 'BTC/USDT');
    if (!btc) throw new Error('no BTC/USDT spot pair');
    const placed = await client(key, 'spot-order', String(btc.id), 'buy', '1000', '0.001');
    expect(placed, placed.msg).toMatchObject({ code: 200 });
    const orderNo = placed.result?.orderNo ?? '';
    expect(orderNo).not.toBe('');
    // A read-only call from the same client works too; a wrong secret is refused.
    expect((await client(key, 'balances')).code).toBe(200);
    expect((await client({ ...key, secret: `${key.secret}x` }, 'balances')).code).toBe(40136);

    // The user sees the bot's order among their open spot orders.
    await page.goto(`${env.server.url}/market?type=spot`);
    await page.getByTestId('spot-row-BTCUSDT').click();
    await page.getByTestId('spot-view').waitFor();
    await page.getByTestId('spot-orders-tab-open').click();
    const row = page.getByTestId(`spot-open-${orderNo}`);
    await row.waitFor({ timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `api-keys-${layout}-order`);

    // The key's last use shows; revoked after a confirmation, the client is refused.
    await page.goto(`${env.server.url}/profile/api-keys`);
    await page.getByTestId('apikey-item').waitFor();
    expect(await page.getByTestId('apikey-item-last-used').textContent()).toMatch(/\d/);
    await page.getByTestId('apikey-revoke').click();
    await page.getByTestId('apikey-revoke-dialog').waitFor();
    await screenshot(page, `api-keys-${layout}-revoke`);
    await page.getByTestId('apikey-revoke-confirm').click();
    await expect.poll(() => page.getByTestId('apikey-item').count()).toBe(0);
    expect((await client(key, 'balances')).code).toBe(40131);

    if (layout === 'mobile') {
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await page.goto(`${env.server.url}/profile/api-keys`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('apikey-create-form').waitFor();
      await screenshot(page, 'api-keys-mobile-ar');
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => sessionStorage.setItem('ob.lang', 'en'));
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
