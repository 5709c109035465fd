import type { AdminNftItem, ListMyNftResult, ListNftResult, NftDetail } from '@openbourse/contracts/nfts.ts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { registerUser } from '../../../test/app.ts';
import type { Driver } from '../../../test/db.ts';
import { ledgerHolds } from '../../ledger/ledger.tables.ts';
import { createTradingTestApp, type Envelope, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { nftItems } from '../nfts.tables.ts';

export interface Bidder {
  id: number;
  token: string;
  username: string;
  password: string;
}

export interface NftTestApp extends TradingTestApp {
  charityId: number;
  collectionId: number;
  imageId: string;
  /** A fresh item (USDT; start 100, reserve 150, step 5 %, 15 min extension; live from a minute ago for an hour). */
  item(over?: Record<string, unknown>): Promise<AdminNftItem>;
  bidder(real?: string): Promise<Bidder>;
  bid(token: string, id: unknown, amount: unknown, demo?: boolean): Promise<Envelope<NftDetail>>;
  buy(token: string, body: Record<string, unknown>, demo?: boolean): Promise<Envelope<NftDetail>>;
  detail(id: number, token?: string): Promise<NftDetail>;
  list(query?: Record<string, string>, token?: string): Promise<ListNftResult>;
  mine(token: string, query?: Record<string, string>): Promise<ListMyNftResult>;
  internalId(publicId: number): Promise<number>;
  /** The pending holds on an item: their count and sum (USDT text at 6 decimals). */
  holds(publicId: number): Promise<{ count: number; sum: string }>;
}

export async function createNftTestApp(driver: Driver): Promise<NftTestApp> {
  const t = await createTradingTestApp(driver);
  // Settlement is driven by the tests (settleDue, at the clock they set): no background pass in between.
  await t.services.jobs.stop();
  const { nfts, files } = t.services;
  const db = t.database.db;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a86ff' } })
    .png()
    .toBuffer();
  const image = await files.upload({ ownerId: 0, purpose: 'nft', bytes: png });
  const { charity, collection } = await db.transaction(async (tx) => ({
    charity: await nfts.listings.createCharity(tx, {
      name: 'Test Charity',
      descriptions: { en: 'Helps in tests.', fr: 'Aide dans les tests.' },
      website: null,
      enabled: true,
    }),
    collection: await nfts.listings.createCollection(tx, {
      titles: { en: 'Test Collection', fr: 'Collection de test' },
      stories: { en: 'Made for tests.' },
      creator: 'Tester',
      chain: 'Ethereum',
      enabled: true,
    }),
  }));

  const self: NftTestApp = {
    ...t,
    charityId: charity.id,
    collectionId: collection.id,
    imageId: image.id,
    async item(over = {}) {
      const now = t.clock.now().getTime();
      return db.transaction((tx) =>
        nfts.listings.createItem(tx, {
          collectionId: collection.id,
          titles: { en: 'Test item', fr: 'Objet de test' },
          stories: { en: 'A story.' },
          imageFileId: image.id,
          edition: 1,
          editionSize: 1,
          currency: 'USDT',
          startPrice: '100',
          reserve: '150',
          buyNow: null,
          bidStepBps: 500,
          extendSeconds: 900,
          startAt: now - 60_000,
          endAt: now + 3_600_000,
          charityId: charity.id,
          sellerUserId: null,
          ...over,
        } as never),
      );
    },
    async bidder(real) {
      const u = await registerUser(t);
      if (real) await t.fund(u.id, real);
      return { id: u.id, token: u.token, username: u.username, password: u.password };
    },
    async bid(token, id, amount, demo = false) {
      const res = await t.call<NftDetail>('POST', '/swx/customer/user/bidNft', {
        token,
        headers: { virtually: demo ? 'YES' : 'NO' },
        body: { id, amount },
      });
      return res.body as Envelope<NftDetail>;
    },
    async buy(token, body, demo = false) {
      const res = await t.call<NftDetail>('POST', '/swx/customer/user/buyNft', {
        token,
        headers: { virtually: demo ? 'YES' : 'NO' },
        body,
      });
      return res.body as Envelope<NftDetail>;
    },
    async detail(id, token) {
      const res = await t.call<NftDetail>('GET', `/swx/customer/index/getNftById/${id}`, token ? { token } : {});
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.result;
    },
    async list(query, token) {
      const res = await t.call<ListNftResult>('GET', '/swx/customer/index/listNft', {
        ...(query ? { query } : {}),
        ...(token ? { token } : {}),
      });
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.result;
    },
    async mine(token, query) {
      const res = await t.call<ListMyNftResult>('GET', '/swx/customer/user/listNft', {
        token,
        ...(query ? { query } : {}),
      });
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.result;
    },
    async internalId(publicId) {
      const [row] = await db.select({ id: nftItems.id }).from(nftItems).where(eq(nftItems.publicId, publicId));
      if (!row) throw new Error(`no item ${publicId}`);
      return row.id;
    },
    async holds(publicId) {
      const id = await self.internalId(publicId);
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          sum: sql<string>`coalesce(sum(${ledgerHolds.remaining}), 0)::numeric(38,6)::text`,
        })
        .from(ledgerHolds)
        .where(and(sql`${ledgerHolds.holdKey} like ${`nft:${id}:%`}`, eq(ledgerHolds.status, 'pending')));
      return { count: Number(row?.count ?? 0), sum: row?.sum ?? '0' };
    },
  };
  return self;
}
