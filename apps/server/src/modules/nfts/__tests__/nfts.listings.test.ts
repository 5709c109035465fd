/**
 * The back office's listings API on the service (admin/admin.nfts.ts calls it): references and rules
 * checked with the field named, frozen fields after the first bid, withdrawal; and the seed (once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createNftTestApp, type NftTestApp } from './helpers.ts';

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, field: e.field };
    throw e;
  }
};

describe.each(DRIVERS)('charity NFT listings on %s', (driver) => {
  let t: NftTestApp;
  beforeAll(async () => {
    t = await createNftTestApp(driver);
  });
  afterAll(async () => t?.close());

  it.each([
    ['an unknown collection', { collectionId: 999_999 }, 'collectionId'],
    ['an unknown charity', { charityId: 999_999 }, 'charityId'],
    ['an unknown currency', { currency: 'NOPE' }, 'currency'],
    ['an image that is no upload', { imageFileId: '00000000-0000-4000-8000-000000000000' }, 'imageFileId'],
    ['an unknown seller', { sellerUserId: 999_999 }, 'sellerUserId'],
    ['the end before the start', { endAt: 1 }, 'endAt'],
    ['a reserve below the start price', { reserve: '99' }, 'reserve'],
    ['buy now at the reserve', { buyNow: '150' }, 'buyNow'],
    ['too many decimals', { startPrice: '100.0000001' }, 'startPrice'],
    ['a zero start price', { startPrice: '0', reserve: '0' }, 'startPrice'],
    ['edition beyond its size', { edition: 3, editionSize: 2 }, 'edition'],
  ])('createItem refuses %s (40001 %s)', async (_label, over, field) => {
    const now = t.clock.now().getTime();
    const over2 = 'endAt' in over ? { ...over, startAt: now, endAt: now } : over;
    expect(await refusal(t.item(over2))).toEqual({ code: 40001, field });
  });

  it('updates before the first bid, freezes the money fields after it, refuses a withdrawal after it', async () => {
    const item = await t.item({ buyNow: '900' });
    const db = t.database.db;
    const { listings } = t.services.nfts;
    const input = {
      collectionId: t.collectionId,
      titles: { en: 'Renamed' },
      stories: { en: 'A story.' },
      imageFileId: t.imageId,
      edition: 1,
      editionSize: 1,
      currency: 'USDT',
      startPrice: '100',
      reserve: '200',
      buyNow: '900',
      bidStepBps: 500,
      extendSeconds: 900,
      startAt: item.startAt,
      endAt: item.endAt,
      charityId: t.charityId,
      sellerUserId: null,
    };
    const changed = await db.transaction((tx) => listings.updateItem(tx, item.id, input));
    expect(changed.before.reserve).toBe('150.000000');
    expect(changed.after).toMatchObject({ reserve: '200.000000', title: 'Renamed', frozen: false });
    const u = await t.bidder('1000');
    expect((await t.bid(u.token, item.id, '100')).code).toBe(200);
    // Texts stay editable; the same money fields pass; a changed one is frozen.
    const retitled = await db.transaction((tx) =>
      listings.updateItem(tx, item.id, { ...input, titles: { en: 'Again' }, startPrice: '100.00' }),
    );
    expect(retitled.after).toMatchObject({ title: 'Again', frozen: true });
    expect(
      await refusal(db.transaction((tx) => listings.updateItem(tx, item.id, { ...input, reserve: '300' }))),
    ).toEqual({ code: 40068, field: undefined });
    expect(
      await refusal(db.transaction((tx) => listings.updateItem(tx, item.id, { ...input, endAt: item.endAt + 1 }))),
    ).toEqual({ code: 40068, field: undefined });
    expect(await refusal(db.transaction((tx) => listings.withdrawItem(tx, item.id)))).toEqual({
      code: 40068,
      field: undefined,
    });
    expect(await refusal(db.transaction((tx) => listings.withdrawItem(tx, 12345)))).toEqual({
      code: 40400,
      field: undefined,
    });
    const other = await t.item();
    const gone = await db.transaction((tx) => listings.withdrawItem(tx, other.id));
    expect(gone.after.status).toBe('withdrawn');
    expect((await t.bid(u.token, other.id, '100')).code).toBe(40400);
    const page = await listings.adminItems({ status: 'withdrawn', page: 1, size: 50 });
    expect(page.list.map((i) => i.id)).toContain(other.id);
    await t.expectBalanced();
  });

  it('charities and collections: created, updated with before and after, counted', async () => {
    const db = t.database.db;
    const { listings } = t.services.nfts;
    const c = await db.transaction((tx) =>
      listings.createCharity(tx, { name: 'Second', descriptions: { en: 'x' }, website: null, enabled: true }),
    );
    const upd = await db.transaction((tx) =>
      listings.updateCharity(tx, c.id, { name: 'Second', descriptions: { en: 'y' }, website: null, enabled: false }),
    );
    expect(upd.before.enabled).toBe(true);
    expect(upd.after).toMatchObject({ enabled: false, description: 'y', donated: '0.000000', items: 0 });
    expect(await refusal(db.transaction((tx) => listings.updateCharity(tx, 999_999, upd.after as never)))).toEqual({
      code: 40400,
      field: undefined,
    });
    const cols = await listings.adminCollections();
    expect(cols.find((x) => x.id === t.collectionId)?.items).toBeGreaterThan(0);
    expect((await listings.adminCharities()).map((x) => x.id)).toContain(c.id);
  });

  it('the seed made one charity, one collection and five live items with images, once', async () => {
    const seeded = (await t.list({ size: '100' })).collections.find((c) => c.title === 'Drawings for Tomorrow');
    expect(seeded?.items).toBe(5);
    expect(seeded?.coverImage).toMatch(/^\/swx\/customer\/index\/nftImage\/[0-9a-f-]+\?variant=thumbnail$/);
    await t.services.nfts.seed();
    const again = (await t.list({ size: '100' })).collections.filter((c) => c.title === 'Drawings for Tomorrow');
    expect(again).toHaveLength(1);
    expect(again[0]?.items).toBe(5);
  });
});
