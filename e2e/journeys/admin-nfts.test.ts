import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../support/browser.ts';
import { axeViolations, creditDeposit, registerNewUser } from '../support/customer.ts';
import { useJourney } from '../support/journey.ts';
import { call, useOwner } from '../support/owner.ts';
import { cardPng } from '../support/png.ts';

/**
 * The back office's charity NFTs as the owner runs them: the items list (the seeded auctions), a new
 * item listed from the console with artwork uploaded there (its thumbnail shown before saving), times
 * entered in UTC, and the public image URL serving it to anyone; a user bids on it, and the editor
 * then shows its prices and times frozen with the reason, without a withdrawal; the collections and
 * charities screens with their editors. axe finds no serious violations; each screen is photographed.
 */
const env = useJourney();
const owner = useOwner(env);

const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function noViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include)).toEqual([]);
}

describe('charity NFTs in the back office', () => {
  const title = 'Harbour at noon';

  it('lists the seeded auctions and a new item with artwork uploaded from the console', async () => {
    const page = await owner.page();
    await page.goto(`${env.server.url}/admin/nft-items`);
    const table = page.getByRole('table', { name: 'NFT items' });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    await noViolations(page);
    await screenshot(page, 'admin-nft-items');

    await page.getByRole('button', { name: 'New item' }).click();
    const dialog = page.getByRole('dialog', { name: 'New NFT item' });
    const art = cardPng(640, 480, (x, y) => [(x * 3) & 255, (y * 2) & 255, ((x + y) * 5) & 255]);
    await dialog.getByLabel('Artwork').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: art });
    const thumb = dialog.getByAltText('The artwork’s thumbnail');
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await dialog.getByLabel('Title (en)').fill(title);
    await dialog.getByLabel('Story (en)').fill('The harbour in the midday sun, painted from the old lighthouse.');
    await dialog.getByLabel('Title (fr)').fill('Le port à midi');
    await dialog.getByLabel('Collection').selectOption({ index: 1 });
    await dialog.getByLabel('Charity').selectOption({ index: 1 });
    await dialog.getByLabel('Start price').fill('50');
    await dialog.getByLabel('Reserve').fill('75');
    await dialog.getByLabel('Buy-now price').fill('500');
    await dialog.getByLabel('Start (UTC)').fill(utcMinute(Date.now() - 60_000));
    await dialog.getByLabel('End (UTC)').fill(utcMinute(Date.now() + 2 * 86_400_000));
    await noViolations(page, 'dialog');
    await dialog.getByLabel('Title (en)').focus();
    await dialog.evaluate((d) => d.scrollTo(0, 0));
    await screenshot(page, 'admin-nft-item-new');
    await dialog.getByRole('button', { name: 'List item' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText(title).waitFor();

    // The artwork is public at its URL, cached for good.
    const listed = await owner.admin<{ list: { id: number; title: string; image: string; thumbnail: string }[] }>(
      'GET',
      'nft-items?size=100',
    );
    const item = listed.result.list.find((i) => i.title === title);
    const image = await fetch(`${env.server.url}${item?.thumbnail}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('freezes the prices and times of an item with a bid, and says why', async () => {
    const listed = await owner.admin<{ list: { id: number; title: string }[] }>('GET', 'nft-items?size=100');
    const item = listed.result.list.find((i) => i.title === title);
    const bidder = await (await newContext(env.browser, 'desktop')).newPage();
    await registerNewUser(env, bidder, 'harbourfan');
    await creditDeposit(owner, bidder, 'harbourfan', '150');
    const bid = await call(bidder, 'POST', 'user/bidNft', { id: item?.id, amount: '50' });
    expect(bid, bid.msg).toMatchObject({ code: 200 });

    const page = await owner.page();
    await page.goto(`${env.server.url}/admin/nft-items`);
    await page.getByRole('table', { name: 'NFT items' }).getByText(title).click();
    const dialog = page.getByRole('dialog', { name: `NFT item ${item?.id}` });
    await dialog.getByText(/This item has a bid: its prices, times/).waitFor();
    expect(await dialog.getByLabel('Start price').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('End (UTC)').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Title (en)').isDisabled()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Withdraw…' }).count()).toBe(0);
    await screenshot(page, 'admin-nft-item-frozen');
    await dialog.getByLabel('Start price').scrollIntoViewIfNeeded();
    await noViolations(page, 'dialog');
    await screenshot(page, 'admin-nft-item-frozen-prices');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the collections and the charities with their editors', async () => {
    const page = await owner.page();
    await page.goto(`${env.server.url}/admin/nft-collections`);
    const collections = page.getByRole('table', { name: 'NFT collections' });
    await collections.locator('tbody tr').first().waitFor();
    await noViolations(page);
    await screenshot(page, 'admin-nft-collections');
    await collections.locator('tbody tr').first().click();
    await page.getByRole('dialog', { name: /^Collection \d+$/ }).waitFor();
    await noViolations(page, 'dialog');
    await screenshot(page, 'admin-nft-collection-edit');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${env.server.url}/admin/nft-charities`);
    const charities = page.getByRole('table', { name: 'Charities' });
    await charities.locator('tbody tr').first().waitFor();
    await noViolations(page);
    await screenshot(page, 'admin-nft-charities');
    await charities.locator('tbody tr').first().click();
    await page.getByRole('dialog', { name: /^Charity \d+$/ }).waitFor();
    await screenshot(page, 'admin-nft-charity-edit');
  });
});
