import type { AdminNftCharity, AdminNftCollection, AdminNftItem } from '@openbourse/contracts/nfts.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';
import { bpsOfPercent, parseUtcInput, percentOfBps, secondsOfMinutes, trimZeros, utcInput } from './nft-item-form';

const owner = me('owner', ALL);
const editor = me('editor', ['dashboard.read', 'content.edit', 'nfts.edit']);

const START = Date.UTC(2026, 10, 20, 9, 0);
const END = Date.UTC(2026, 10, 30, 18, 30);

const charity: AdminNftCharity = {
  id: 4,
  name: 'River Schools Trust',
  description: 'Builds schools along the river.',
  descriptions: { en: 'Builds schools along the river.', fr: 'Construit des écoles le long du fleuve.' },
  website: 'https://river-schools.example.org',
  donated: '2450.5',
  currency: 'USDT',
  enabled: true,
  balance: '2450.5',
  items: 3,
};

const collection: AdminNftCollection = {
  id: 2,
  title: 'Harbour Lights',
  titles: { en: 'Harbour Lights', ja: '港の灯り' },
  story: 'Night paintings of the old harbour.',
  stories: { en: 'Night paintings of the old harbour.' },
  creator: 'M. Okafor',
  chain: 'Ethereum',
  coverImage: '/swx/customer/index/nftImage/aaaa?variant=thumbnail',
  items: 3,
  donated: '2450.5',
  currency: 'USDT',
  enabled: true,
};

const item: AdminNftItem = {
  id: 5589248545558856,
  collectionId: 2,
  collectionTitle: 'Harbour Lights',
  title: 'Lantern at dusk',
  titles: { en: 'Lantern at dusk', de: 'Laterne in der Dämmerung' },
  story: 'Painted on the quay.',
  stories: { en: 'Painted on the quay.' },
  creator: 'M. Okafor',
  chain: 'Ethereum',
  image: '/swx/customer/index/nftImage/f1',
  thumbnail: '/swx/customer/index/nftImage/f1?variant=thumbnail',
  imageFileId: '11111111-1111-4111-8111-111111111111',
  edition: 2,
  editionSize: 10,
  currency: 'USDT',
  scale: 6,
  startPrice: '100.000000',
  reserve: '150.000000',
  reserveMet: false,
  buyNow: '1000.000000',
  currentBid: null,
  minNextBid: '100.000000',
  bidStepBps: 500,
  extendSeconds: 900,
  bids: 0,
  startAt: START,
  endAt: END,
  originalEndAt: END,
  status: 'live',
  charity: { id: 4, name: 'River Schools Trust' },
  charityId: 4,
  donated: '0.000000',
  soldPrice: null,
  soldAt: null,
  soldBy: null,
  sellerUserId: null,
  ownerUserId: null,
  leaderUserId: null,
  frozen: false,
};

const frozen: AdminNftItem = {
  ...item,
  id: 7418110372498209,
  title: 'Tide chart',
  titles: { en: 'Tide chart' },
  currentBid: '120.000000',
  minNextBid: '126.000000',
  bids: 2,
  endAt: END + 600_000,
  sellerUserId: 31,
  frozen: true,
};

function open(path: string, routes: Parameters<typeof serve>[0], who = owner) {
  signIn(who);
  const calls = serve({
    'auth/me': () => ok(who),
    'nft-charities': () => ok({ list: [charity] }),
    'nft-collections': () => ok({ list: [collection] }),
    'nft-items': () => ok({ list: [item, frozen], total: 2, page: 1, size: 20 }),
    ...routes,
  });
  window.history.pushState({}, '', `/admin/${path}`);
  render(<App />);
  return calls;
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('the item form’s conversions', () => {
  it('reads times as UTC, the step as a percentage and the extension in minutes, exactly', () => {
    expect(utcInput(START)).toBe('2026-11-20T09:00');
    expect(parseUtcInput('2026-11-20T09:00')).toBe(START);
    expect(parseUtcInput('20/11/2026 09:00')).toBeNull();
    expect(percentOfBps(500)).toBe('5');
    expect(percentOfBps(250)).toBe('2.5');
    expect(percentOfBps(1)).toBe('0.01');
    expect(bpsOfPercent('2.5')).toBe(250);
    expect(bpsOfPercent('0.01')).toBe(1);
    expect(bpsOfPercent('0')).toBeNull();
    expect(bpsOfPercent('100.5')).toBeNull();
    expect(bpsOfPercent('1.234')).toBeNull();
    expect(secondsOfMinutes('15')).toBe(900);
    expect(secondsOfMinutes('0.5')).toBe(30);
    expect(secondsOfMinutes('1441')).toBeNull();
    expect(trimZeros('50.000000')).toBe('50');
    expect(trimZeros('12.500000')).toBe('12.5');
    expect(trimZeros('1000')).toBe('1000');
  });
});

describe('NFT items', () => {
  it('lists items with artwork, status, current bid, bids and donation; filters by collection and status', async () => {
    const calls = open('nft-items', {});
    const table = await screen.findByRole('table', { name: 'NFT items' });
    expect(await within(table).findByText('Lantern at dusk')).toBeTruthy();
    const row = within(table).getByText('Tide chart').closest('tr') as HTMLElement;
    expect(within(row).getByText('120.00 USDT')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
    expect(within(row).getByText('River Schools Trust')).toBeTruthy();
    expect(within(row).getByText(/ID 7418110372498209 · Harbour Lights · 2\/10/)).toBeTruthy();
    const nav = screen.getByRole('complementary', { name: 'Console' });
    for (const name of [/NFT items/, /NFT collections/, /Charities/]) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'sold' } });
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: '2' } });
    await waitFor(() => {
      const last = calls.filter((c) => c.path === 'nft-items').at(-1);
      expect(last?.query.get('status')).toBe('sold');
      expect(last?.query.get('collectionId')).toBe('2');
      expect(last?.query.get('page')).toBe('1');
    });
  });

  it('lists a new item: artwork uploaded and shown, texts, prices, UTC times, step and extension sent exactly', async () => {
    const calls = open('nft-items', {
      'files/upload': () =>
        ok({
          id: '22222222-2222-4222-8222-222222222222',
          purpose: 'nft',
          mime: 'image/png',
          size: 4096,
          width: 800,
          height: 600,
          url: '/swx/customer/index/nftImage/22222222-2222-4222-8222-222222222222',
          thumbnail: '/swx/customer/index/nftImage/22222222-2222-4222-8222-222222222222?variant=thumbnail',
        }),
      'nft-items': ({ method, body }) =>
        method === 'POST'
          ? ok({ ...item, ...(body as object), id: 99 })
          : ok({ list: [item, frozen], total: 2, page: 1, size: 20 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New NFT item' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List item' }));
    expect(within(dialog).getByText('Upload the artwork')).toBeTruthy();
    expect(within(dialog).getByText('The English title is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose a collection')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const art = new File([new Uint8Array([137, 80, 78, 71])], 'harbour.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Artwork'), { target: { files: [art] } });
    const thumb = (await within(dialog).findByAltText('The artwork’s thumbnail')) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe(
      '/swx/customer/index/nftImage/22222222-2222-4222-8222-222222222222?variant=thumbnail',
    );
    const upload = calls.find((c) => c.path === 'files/upload');
    expect(upload?.method).toBe('POST');
    const form = upload?.body as FormData;
    expect(form.get('purpose')).toBe('nft');
    expect((form.get('file') as File).name).toBe('harbour.png');

    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    set('Title (en)', 'Harbour at noon');
    set('Story (en)', 'The harbour in the midday sun.');
    set('Title (ar)', 'الميناء عند الظهر');
    set('Collection', '2');
    set('Charity', '4');
    set('Edition size', '5');
    set('Start price', '50');
    set('Reserve', '40');
    set('Buy-now price', '500');
    set('Bid step (%)', '2.5');
    set('Extension (minutes)', '10');
    set('Start (UTC)', '2026-12-01T12:00');
    set('End (UTC)', '2026-12-01T11:00');
    set('Seller user ID', '31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'List item' }));
    expect(within(dialog).getByText('At least the start price')).toBeTruthy();
    expect(within(dialog).getByText('After the start')).toBeTruthy();
    expect(within(dialog).getByText('01 Dec 2026, 12:00:00 UTC')).toBeTruthy();
    set('Reserve', '75');
    set('End (UTC)', '2026-12-08T12:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'List item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New NFT item' })).toBeNull());
    const sent = calls.find((c) => c.path === 'nft-items' && c.method === 'POST');
    expect(sent?.body).toEqual({
      collectionId: 2,
      titles: { en: 'Harbour at noon', ar: 'الميناء عند الظهر' },
      stories: { en: 'The harbour in the midday sun.' },
      imageFileId: '22222222-2222-4222-8222-222222222222',
      edition: 1,
      editionSize: 5,
      currency: 'USDT',
      startPrice: '50',
      reserve: '75',
      buyNow: '500',
      bidStepBps: 250,
      extendSeconds: 600,
      startAt: Date.UTC(2026, 11, 1, 12, 0),
      endAt: Date.UTC(2026, 11, 8, 12, 0),
      charityId: 4,
      sellerUserId: 31,
    });
  });

  it('says a refused upload under the artwork, and a refused field under itself', async () => {
    open('nft-items', {
      'files/upload': () => refused(40018, 'Only whole JPG, JPEG 2000 or PNG images are accepted', 'file'),
      [`nft-items/${item.id}`]: () => refused(40001, 'Please check the field: buyNow', 'buyNow'),
    });
    fireEvent.click(await screen.findByText('Lantern at dusk'));
    const dialog = await screen.findByRole('dialog', { name: `NFT item ${item.id}` });
    const pdf = new File(['%PDF-1.4'], 'scan.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Artwork'), { target: { files: [pdf] } });
    expect(await within(dialog).findByText('Only whole JPG, JPEG 2000 or PNG images are accepted')).toBeTruthy();
    expect((within(dialog).getByAltText('The artwork’s thumbnail') as HTMLImageElement).getAttribute('src')).toBe(
      item.thumbnail,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const buyNow = within(dialog).getByLabelText('Buy-now price').closest('.field') as HTMLElement;
    expect(await within(buyNow).findByText('Please check the field: buyNow')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('edits an item with bids: frozen fields disabled and explained, no withdrawal, texts still saved', async () => {
    const calls = open('nft-items', {
      [`nft-items/${frozen.id}`]: ({ body }) => ok({ ...frozen, ...(body as object) }),
    });
    fireEvent.click(await screen.findByText('Tide chart'));
    const dialog = await screen.findByRole('dialog', { name: `NFT item ${frozen.id}` });
    expect(within(dialog).getByText(/This item has 2 bids: its prices, times, step/)).toBeTruthy();
    for (const label of [
      'Start price',
      'Reserve',
      'Buy-now price',
      'Bid step (%)',
      'Extension (minutes)',
      'Start (UTC)',
      'End (UTC)',
      'Charity',
      'Seller user ID',
      'Currency',
    ]) {
      expect((within(dialog).getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect((within(dialog).getByLabelText('Title (en)') as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByLabelText('Collection') as HTMLSelectElement).disabled).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'Withdraw…' })).toBeNull();
    expect(
      within(dialog).getByText('30 Nov 2026, 18:30:00 UTC; extended by late bids to 30 Nov 2026, 18:40:00 UTC'),
    ).toBeTruthy();
    expect(within(dialog).getByText('120.00 USDT')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Title (en)'), { target: { value: 'Tide chart (signed)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === `nft-items/${frozen.id}`)).toBe(true));
    expect(calls.find((c) => c.path === `nft-items/${frozen.id}`)?.body).toMatchObject({
      titles: { en: 'Tide chart (signed)' },
      startPrice: '100',
      reserve: '150',
      buyNow: '1000',
      bidStepBps: 500,
      extendSeconds: 900,
      startAt: START,
      endAt: END,
      sellerUserId: 31,
    });
  });

  it('withdraws an item before its first bid, after a confirmation', async () => {
    const calls = open('nft-items', {
      [`nft-items/${item.id}/withdraw`]: () => ok({ ...item, status: 'withdrawn' }),
    });
    fireEvent.click(await screen.findByText('Lantern at dusk'));
    const dialog = await screen.findByRole('dialog', { name: `NFT item ${item.id}` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw…' }));
    expect(within(dialog).getByText(/Withdraw “Lantern at dusk”\?/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `NFT item ${item.id}` })).toBeNull());
    expect(calls.find((c) => c.path === `nft-items/${item.id}/withdraw`)?.method).toBe('POST');
  });
});

describe('NFT collections and charities', () => {
  it('lists collections and creates one with its texts', async () => {
    const calls = open('nft-collections', {
      'nft-collections': ({ method, body }) =>
        method === 'POST' ? ok({ ...collection, ...(body as object), id: 3 }) : ok({ list: [collection] }),
    });
    const table = await screen.findByRole('table', { name: 'NFT collections' });
    expect(await within(table).findByText('Harbour Lights')).toBeTruthy();
    expect(within(table).getByText('ID 2 · 2 languages')).toBeTruthy();
    expect(within(table).getByText('2,450.50 USDT')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    fireEvent.change(within(dialog).getByLabelText('Title (en)'), { target: { value: 'Quiet Streets' } });
    fireEvent.change(within(dialog).getByLabelText('Story (en)'), { target: { value: 'Morning walks.' } });
    fireEvent.change(within(dialog).getByLabelText('Title (ko)'), { target: { value: '조용한 거리' } });
    fireEvent.change(within(dialog).getByLabelText('Creator'), { target: { value: 'A. Lindqvist' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Shown to users/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New collection' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      titles: { en: 'Quiet Streets', ko: '조용한 거리' },
      stories: { en: 'Morning walks.' },
      creator: 'A. Lindqvist',
      chain: 'Ethereum',
      enabled: false,
    });
  });

  it('lets owners edit a charity; editors see no charities screen', async () => {
    const calls = open('nft-charities', {
      'nft-charities/4': ({ body }) => ok({ ...charity, ...(body as object) }),
    });
    const table = await screen.findByRole('table', { name: 'Charities' });
    fireEvent.click(await within(table).findByText('River Schools Trust'));
    const dialog = await screen.findByRole('dialog', { name: 'Charity 4' });
    expect((within(dialog).getByLabelText('Description (fr)') as HTMLTextAreaElement).value).toMatch(/écoles/);
    fireEvent.change(within(dialog).getByLabelText('Website'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Charity 4' })).toBeNull());
    expect(calls.find((c) => c.path === 'nft-charities/4')?.body).toEqual({
      name: 'River Schools Trust',
      website: null,
      descriptions: charity.descriptions,
      enabled: true,
    });
    cleanup();
    vi.unstubAllGlobals();

    open('nft-items', {}, editor);
    const nav = await screen.findByRole('complementary', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: /NFT items/ })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /Charities/ })).toBeNull();
  });
});
