import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, plain, registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';
import { call, realUsdt, useOwner } from '../support/owner.ts';

/**
 * Charity NFTs as two new users walk them, in the desktop layout and in the mobile one. The owner lists
 * an item through the back office's API ending in ten minutes with a 15-minute anti-sniping window;
 * both users register and deposit 150 USDT (approved). A opens /nfts (the public donation total, the
 * grid), the item's page and its bid dialog, which says what is held and where it goes before
 * confirming; the demo account is refused with a one-click switch to the real one; A bids the
 * minimum. B bids higher: the end moves (a bid inside the window), A's page shows A outbid with B
 * masked in the history, and A's bell and notifications say so. The server's clock moves past the
 * end; settlement sells the item to B: My NFTs shows it won with its receipt, and the public total
 * grew by the winning bid. axe finds no serious violations; the pages are photographed in both
 * layouts and in Arabic.
 */
const env = useJourney();
const owner = useOwner(env);

const MINUTE = 60_000;
/** How far the server's clock is ahead of ours (the journey moves it). */
let clockOffset = 0;
const serverNow = () => Date.now() + clockOffset;

/** A decimal string in millionths (USDT's scale), exactly: never floats. */
function micro(v: string): bigint {
  const [int = '0', frac = ''] = v.replace('-', '').split('.');
  const units = BigInt(int + frac.padEnd(6, '0').slice(0, 6));
  return v.startsWith('-') ? -units : units;
}

type Item = { id: number; status: string; imageFileId: string; collectionId: number; charityId: number };

/** The public total of donations in USDT, as the server states it. */
async function donatedUsdt(page: Page): Promise<string> {
  const r = await call<{ donated: { currency: string; amount: string }[] }>(page, 'GET', 'index/listNft?size=1');
  return r.result.donated.find((d) => d.currency === 'USDT')?.amount ?? '0';
}

/** An item listed by the owner, live now and ending in `endsInMs`, on the seeded collection and charity. */
async function listItem(title: string, endsInMs: number): Promise<number> {
  const seeded = await owner.admin<{ list: Item[] }>('GET', 'nft-items?size=1');
  expect(seeded, seeded.msg).toMatchObject({ code: 200 });
  const base = seeded.result.list[0];
  if (!base) throw new Error('no seeded NFT item');
  const created = await owner.admin<Item>('POST', 'nft-items', {
    collectionId: base.collectionId,
    titles: { en: title, ar: `${title} (ع)` },
    stories: { en: 'Listed by the journey to be bid on, extended and settled.' },
    imageFileId: base.imageFileId,
    edition: 3,
    editionSize: 10,
    currency: 'USDT',
    startPrice: '20',
    reserve: '24',
    buyNow: '90',
    bidStepBps: 500,
    extendSeconds: 900,
    startAt: serverNow() - MINUTE,
    endAt: serverNow() + endsInMs,
    charityId: base.charityId,
    sellerUserId: null,
  });
  expect(created, created.msg).toMatchObject({ code: 200 });
  return created.result.id;
}

async function newUser(layout: Layout, name: string): Promise<Page> {
  const context = await newContext(env.browser, layout);
  await context.addInitScript(() => localStorage.setItem('ob.boardSeen', '1'));
  const page = await context.newPage();
  await registerNewUser(env, page, name);
  await creditDeposit(owner, page, name, '150');
  await expect.poll(() => realUsdt(page)).toMatch(/^150(\.0+)?$/);
  return page;
}

const text = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().textContent());

/** Places a bid from the item's page through the dialog (switching to the real account when asked). */
async function bid(page: Page, amount: string, shot?: string) {
  await page.getByTestId('nft-bid-open').click();
  if (await page.getByTestId('nft-demo-switch').isVisible()) {
    await page.getByTestId('nft-demo-switch').click();
    await page.getByTestId('nft-bid-open').click();
  }
  const dialog = page.getByTestId('nft-bid-dialog');
  await dialog.waitFor();
  await expect.poll(async () => plain(await dialog.getByTestId('nft-bid-available').textContent())).toMatch(/USDT$/);
  await dialog.getByTestId('nft-bid-amount').fill(amount);
  expect(plain(await dialog.getByTestId('nft-bid-hold').textContent())).toBe(
    `${Number(amount).toFixed(2)} USDT will be held from your available balance until you are outbid (released at once) or win (donated to Little Lanterns Children’s Fund).`,
  );
  if (shot) {
    await screenshot(page, shot);
    expect(await axeViolations(page, '[data-testid="nft-bid-dialog"]')).toEqual([]);
  }
  await dialog.getByTestId('nft-bid-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('charity NFTs', () => {
  it.each(['desktop', 'mobile'] as Layout[])(
    'in the %s layout: two users bid, the late bid extends the end, the winner owns it with its receipt and the total grows',
    async (layout) => {
      // The owner signs in while the server's clock still agrees with ours (its TOTP is by our clock).
      await owner.page();
      const stamp = Date.now().toString(36);
      const title = `Journey kite ${layout} ${stamp}`;
      const id = await listItem(title, 10 * MINUTE);
      const a = await newUser(layout, `nfta${layout[0]}${stamp}`);
      const bUser = `nftb${layout[0]}${stamp}`;
      const b = await newUser(layout, bUser);
      const errors: string[] = [];
      a.on('pageerror', (e) => errors.push(e.message));
      b.on('pageerror', (e) => errors.push(e.message));
      const donatedBefore = await donatedUsdt(a);

      // ---- the list: the public total, the filters, the grid
      await a.goto(`${env.server.url}/nfts`);
      await dismissBoard(a);
      await a.getByTestId('nft-grid').waitFor();
      expect(await text(a, 'nft-donated-USDT')).toMatch(/^[\d,]+\.\d\d USDT$/);
      expect(await text(a, 'nft-chain-notice')).toBe(
        'Ownership is recorded on this platform; no token is minted on Ethereum.',
      );
      await screenshot(a, `nfts-${layout}-en-list`);
      expect(await axeViolations(a)).toEqual([]);
      await a.getByTestId('nft-filter-live').click();
      await a.getByTestId(`nft-card-link-${id}`).click();

      // ---- the item: facts, rules, zoom
      await a.waitForURL(new RegExp(`/nfts/${id}$`));
      await expect.poll(() => text(a, 'nft-title')).toBe(title);
      expect(await text(a, 'nft-fact-edition')).toBe('3 / 10');
      expect(await text(a, 'nft-rule-step')).toBe('Every later bid beats the highest bid by at least 5%.');
      expect(await text(a, 'nft-reserve-state')).toBe('Reserve not met yet');
      // The countdown runs on the server's clock (each answer stamps it), even after the journey
      // moved that clock ahead of this device's.
      const minutes = (...m: number[]) =>
        new RegExp(`^00:(${m.map((x) => String(x).padStart(2, '0')).join('|')}):\\d\\d left`);
      expect(await text(a, 'nft-countdown')).toMatch(minutes(9, 10));
      await a.getByTestId('nft-zoom-open').click();
      await a.getByTestId('nft-zoom').waitFor();
      await a.keyboard.press('Escape');
      await a.getByTestId('nft-zoom').waitFor({ state: 'detached' });
      await screenshot(a, `nfts-${layout}-en-detail`);
      expect(await axeViolations(a)).toEqual([]);

      // ---- A bids the minimum (a newcomer is in the demo account: refused, switched in one click)
      expect(await text(a, 'nft-price')).toBe('20.00 USDT');
      await bid(a, '20', `nfts-${layout}-en-bid`);
      await expect.poll(() => text(a, 'nft-leading')).toBe('You are the highest bidder with 20.00 USDT.');
      expect(await realUsdt(a)).toMatch(/^130(\.0+)?$/);
      // The bid was inside the last 15 minutes: the end moved to 15 minutes after it.
      await expect.poll(() => a.getByTestId('nft-countdown-extended').count()).toBe(1);
      expect(await text(a, 'nft-countdown')).toMatch(minutes(14, 15));

      // ---- B outbids A
      await b.goto(`${env.server.url}/nfts/${id}`);
      await expect.poll(() => text(b, 'nft-price')).toBe('20.00 USDT');
      expect(await text(b, 'nft-bid-open')).toBe('Place a bid (from 21.00 USDT)');
      await bid(b, '25');
      await expect.poll(() => text(b, 'nft-leading')).toBe('You are the highest bidder with 25.00 USDT.');

      // A's page refreshes itself: outbid, the hold released, B masked in the history.
      await expect
        .poll(() => text(a, 'nft-outbid'), { timeout: 15_000 })
        .toBe('You have been outbid. Your bid of 20.00 USDT was released to your balance.');
      expect(await realUsdt(a)).toMatch(/^150(\.0+)?$/);
      const rows = a.getByTestId('nft-history-row');
      expect(await rows.count()).toBe(2);
      const top = plain(await rows.nth(0).textContent());
      expect(top).toContain('25.00 USDT');
      expect(top).not.toContain(bUser);
      expect(top).not.toContain('You');
      expect(plain(await rows.nth(1).textContent())).toContain('You');
      expect(await text(a, 'nft-reserve-state')).toBe('Reserve met');
      await a.getByTestId('nft-history').scrollIntoViewIfNeeded();
      await screenshot(a, `nfts-${layout}-en-history`);

      // The bell and the notifications page say so.
      await a.reload();
      await expect.poll(() => a.getByTestId('notifications-badge').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await a.goto(`${env.server.url}/profile/notification`);
      await expect.poll(() => text(a, 'notifications-list'), { timeout: 15_000 }).toContain('You were outbid');

      // ---- past the end on the server's clock: the settle job (every 5 s) sells it to B
      env.server.advanceClock(16 * MINUTE);
      clockOffset += 16 * MINUTE;
      await expect
        .poll(async () => (await call<Item>(b, 'GET', `index/getNftById/${id}`)).result.status, {
          timeout: 60_000,
          interval: 1000,
        })
        .toBe('sold');
      await expect.poll(() => b.getByTestId('nft-owner').count(), { timeout: 15_000 }).toBe(1);
      expect(await text(b, 'nft-sold')).toMatch(/^Sold at auction for 25\.00 USDT on .+, donated to Little Lanterns/);
      expect(await realUsdt(b)).toMatch(/^125(\.0+)?$/);

      await b.goto(`${env.server.url}/nfts?tab=mine`);
      const mine = b.getByTestId(`nft-mine-${id}`);
      await mine.waitFor();
      expect(plain(await mine.getByTestId('nft-mine-state').textContent())).toBe('Won');
      expect(plain(await mine.getByTestId('nft-receipt-amount').textContent())).toBe('25.00 USDT');
      expect(plain(await mine.getByTestId('nft-receipt-charity').textContent())).toBe(
        'Little Lanterns Children’s Fund',
      );
      expect(plain(await mine.getByTestId('nft-receipt-by').textContent())).toBe('Auction');
      expect(plain(await mine.getByTestId('nft-receipt-transfer').textContent())).toMatch(/^#\d+$/);
      await screenshot(b, `nfts-${layout}-en-mine`);
      expect(await axeViolations(b)).toEqual([]);

      // The public total grew by the winning bid, on the server and on the page.
      expect(micro(await donatedUsdt(b))).toBe(micro(donatedBefore) + micro('25'));
      await b.getByTestId('nfts-tab-market').click();
      const total = await text(b, 'nft-donated-USDT');
      expect(micro(total.replace(/,|\sUSDT/g, ''))).toBe(micro(donatedBefore) + micro('25'));

      // A lost it.
      await a.goto(`${env.server.url}/nfts?tab=mine`);
      await expect
        .poll(async () => plain(await a.getByTestId(`nft-mine-${id}`).getByTestId('nft-mine-state').textContent()))
        .toBe('Lost');

      // ---- the same pages in Arabic, right to left
      await b.evaluate(() => sessionStorage.setItem('ob.lang', 'ar'));
      await b.goto(`${env.server.url}/nfts?filter=live`);
      await expect.poll(() => b.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await b.getByTestId('nft-grid').waitFor();
      await screenshot(b, `nfts-${layout}-ar-list`);
      expect(await axeViolations(b)).toEqual([]);
      const live = b.locator('[data-testid^="nft-card-link-"]').first();
      await live.click();
      await b.getByTestId('nft-title').waitFor();
      await screenshot(b, `nfts-${layout}-ar-detail`);
      await b.getByTestId('nft-bid-open').click();
      await b.getByTestId('nft-bid-dialog').waitFor();
      await screenshot(b, `nfts-${layout}-ar-bid`);
      expect(await axeViolations(b, '[data-testid="nft-bid-dialog"]')).toEqual([]);
      await b.keyboard.press('Escape');
      await b.goto(`${env.server.url}/nfts?tab=mine`);
      await b.getByTestId(`nft-mine-${id}`).waitFor();
      await screenshot(b, `nfts-${layout}-ar-mine`);

      expect(errors).toEqual([]);
      await a.context().close();
      await b.context().close();

      // The ledger balances: holds, releases and the donation all posted in pairs.
      const dashboard = await owner.admin<{ trialBalance: { ok: boolean; problems: number } }>('GET', 'dashboard');
      expect(dashboard.result.trialBalance).toMatchObject({ ok: true, problems: 0 });
    },
  );
});
