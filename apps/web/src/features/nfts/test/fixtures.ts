import type {
  ListMyNftResult,
  ListNftResult,
  MyNft,
  NftBid,
  NftCharity,
  NftCollection,
  NftDetail,
  NftItem,
} from '@openbourse/contracts/nfts.ts';
import { type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers } from '@/shared/test/render-app';

/** Fixtures typed by the wire (packages/contracts/src/nfts.ts). */

export const HOUR_MS = 3_600_000;

export const charity: NftCharity = {
  id: 1,
  name: 'Children First',
  description: 'Schooling and care for children in need.',
  website: 'https://children.example.org',
  donated: '15230.5',
  currency: 'USDT',
};

export const collection: NftCollection = {
  id: 7,
  title: 'Drawings for tomorrow',
  story: 'Children drew these.',
  creator: 'Studio Nine',
  chain: 'Ethereum',
  coverImage: '/swx/customer/index/nftImage/abc?variant=thumbnail',
  items: 3,
  donated: '15230.5',
  currency: 'USDT',
};

export function nftItem(over: Partial<NftItem> = {}): NftItem {
  const now = Date.now();
  return {
    id: 9001,
    collectionId: 7,
    collectionTitle: collection.title,
    title: 'Blue whale',
    story: 'A whale drawn by Mia, 7.',
    creator: 'Mia',
    chain: 'Ethereum',
    image: '/swx/customer/index/nftImage/11111111-1111-1111-1111-111111111111',
    thumbnail: '/swx/customer/index/nftImage/11111111-1111-1111-1111-111111111111?variant=thumbnail',
    edition: 3,
    editionSize: 10,
    currency: 'USDT',
    scale: 2,
    startPrice: '10',
    reserve: '50',
    reserveMet: false,
    buyNow: '200',
    currentBid: '12.5',
    minNextBid: '13.13',
    bidStepBps: 500,
    extendSeconds: 900,
    bids: 2,
    startAt: now - 2 * HOUR_MS,
    endAt: now + 3 * HOUR_MS + 4 * 60_000 + 5_000,
    originalEndAt: now + 3 * HOUR_MS + 4 * 60_000 + 5_000,
    status: 'live',
    charity: { id: 1, name: charity.name },
    donated: '0',
    soldPrice: null,
    soldAt: null,
    soldBy: null,
    mine: null,
    ...over,
  };
}

export const bid = (over: Partial<NftBid> = {}): NftBid => ({
  amount: '12.5',
  bidder: 'a***e',
  mine: false,
  at: Date.now() - HOUR_MS,
  extendedTo: null,
  ...over,
});

export function nftDetail(over: Partial<NftDetail> = {}): NftDetail {
  return {
    ...nftItem(),
    history: [bid(), bid({ amount: '10', bidder: 'b***y', at: Date.now() - 2 * HOUR_MS })],
    collection,
    charityDetail: charity,
    chainAdapter: null,
    serverTime: Date.now(),
    ...over,
  };
}

export function listResult(items: NftItem[], over: Partial<ListNftResult> = {}): ListNftResult {
  return {
    list: items,
    total: items.length,
    page: 1,
    size: 12,
    collections: [collection, { ...collection, id: 8, title: 'Sea friends' }],
    charities: [charity],
    donated: [{ currency: 'USDT', amount: '15230.5' }],
    chainAdapter: null,
    serverTime: Date.now(),
    ...over,
  };
}

export const myPage = (list: MyNft[]): ListMyNftResult => ({ list, total: list.length, page: 1, size: 10 });

export const balances = (available = '100') =>
  ok({ mode: 'real', balances: [{ currency: 'USDT', name: 'Tether', available, locked: '0', total: available }] });

export function nftApi(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET index/listNft': () => ok(listResult([nftItem()])),
    'GET index/getNftById/*': () => ok(nftDetail()),
    'GET user/listNft': () => ok(myPage([])),
    'GET user/getBalances': () => balances(),
    ...extra,
  });
}

/** Text without the bidi isolates the formatters add. */
export const plain = (el: Element) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
