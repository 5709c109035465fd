/**
 * The back office's charity NFTs: who may do what (charities: owners change them, editors read them;
 * collections and items: owners and editors), the checks (40001 naming the field), the audit of
 * every create, edit and withdrawal with before and after, and the freeze at an item's first bid
 * (40068 for a frozen field or a withdrawal; titles and stories stay editable).
 */
import type {
  AdminNftCharitiesResult,
  AdminNftCharity,
  AdminNftCollection,
  AdminNftItem,
  AdminNftItemsResult,
  AdminUploadResult,
} from '@openbourse/contracts/nfts.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { makePng, multipart } from '../../files/__tests__/images.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

type AuditItems = { items: { action: string; role: string; before: unknown; after: unknown }[] };

const HOUR = 3_600_000;

const charityBody = (over: Record<string, unknown> = {}) => ({
  name: 'River Schools Trust',
  descriptions: { en: 'Builds schools along the river.', fr: 'Construit des écoles le long du fleuve.' },
  website: 'https://river-schools.example.org',
  enabled: true,
  ...over,
});

const collectionBody = (over: Record<string, unknown> = {}) => ({
  titles: { en: 'Harbour Lights' },
  stories: { en: 'Night paintings of the old harbour.' },
  creator: 'M. Okafor',
  chain: 'Ethereum',
  enabled: true,
  ...over,
});

describe.each(DRIVERS)('admin charity NFTs on %s', (driver) => {
  let t: TradingTestApp;
  let owner: string;
  let editor: string;
  let image: string;
  let charity: AdminNftCharity;
  let collection: AdminNftCollection;

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await adminToken(t, 'owner');
    editor = await adminToken(t, 'editor');
    const { payload, headers } = multipart([
      { name: 'purpose', value: 'nft' },
      { name: 'file', filename: 'harbour.png', data: await makePng(400, 300) },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/files/upload',
      payload,
      headers: { ...headers, authorization: editor },
    });
    image = (up.json() as { result: AdminUploadResult }).result.id;
    charity = (await t.call<AdminNftCharity>('POST', '/swx/admin/nft-charities', { token: owner, body: charityBody() }))
      .body.result;
    collection = (
      await t.call<AdminNftCollection>('POST', '/swx/admin/nft-collections', { token: editor, body: collectionBody() })
    ).body.result;
  });
  afterEach(async () => t.expectBalanced());
  afterAll(async () => t?.close());

  const itemBody = (over: Record<string, unknown> = {}) => ({
    collectionId: collection.id,
    titles: { en: 'Lantern at dusk', de: 'Laterne in der Dämmerung' },
    stories: { en: 'Painted on the quay.' },
    imageFileId: image,
    edition: 1,
    editionSize: 1,
    currency: 'USDT',
    startPrice: '100',
    reserve: '150',
    buyNow: '1000',
    bidStepBps: 500,
    extendSeconds: 600,
    startAt: t.clock.now().getTime() - HOUR,
    endAt: t.clock.now().getTime() + 24 * HOUR,
    charityId: charity.id,
    sellerUserId: null,
    ...over,
  });

  const audit = async (targetType: string, targetId: number) =>
    (
      await t.call<AuditItems>('GET', '/swx/admin/audit', {
        token: owner,
        query: { targetType, targetId: String(targetId) },
      })
    ).body.result.items;

  const createItem = async (over: Record<string, unknown> = {}) => {
    const res = await t.call<AdminNftItem>('POST', '/swx/admin/nft-items', { token: editor, body: itemBody(over) });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.result;
  };

  it('owners change charities, editors read them; owners and editors list; the others nothing', async () => {
    const reviewer = await adminToken(t, 'reviewer');
    const support = await adminToken(t, 'support');
    for (const token of [reviewer, support]) {
      for (const [method, url, body] of [
        ['GET', '/swx/admin/nft-charities', undefined],
        ['POST', '/swx/admin/nft-charities', charityBody()],
        ['POST', `/swx/admin/nft-charities/${charity.id}`, charityBody()],
        ['GET', '/swx/admin/nft-collections', undefined],
        ['POST', '/swx/admin/nft-collections', collectionBody()],
        ['POST', `/swx/admin/nft-collections/${collection.id}`, collectionBody()],
        ['GET', '/swx/admin/nft-items', undefined],
        ['POST', '/swx/admin/nft-items', itemBody()],
        ['POST', '/swx/admin/nft-items/1', itemBody()],
        ['POST', '/swx/admin/nft-items/1/withdraw', undefined],
      ] as const) {
        const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
        expect(res.body.code, `${method} ${url}`).toBe(40020);
      }
    }
    // Editors read the charities (an item names one) but do not change them.
    const read = await t.call<AdminNftCharitiesResult>('GET', '/swx/admin/nft-charities', { token: editor });
    expect(read.body.result.list.map((c) => c.name)).toContain('River Schools Trust');
    expect((await t.call('POST', '/swx/admin/nft-charities', { token: editor, body: charityBody() })).body.code).toBe(
      40020,
    );
    expect(
      (await t.call('POST', `/swx/admin/nft-charities/${charity.id}`, { token: editor, body: charityBody() })).body
        .code,
    ).toBe(40020);
    expect((await t.call('GET', '/swx/admin/nft-items')).status).toBe(401);
  });

  it('audits charities and collections, created and edited, with before and after', async () => {
    const [made] = await audit('nftCharity', charity.id);
    expect(made).toMatchObject({
      action: 'nftCharities.create',
      role: 'owner',
      after: { name: 'River Schools Trust' },
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/swx/admin/nft-charities/${charity.id}`,
      headers: { authorization: owner },
      payload: charityBody({ website: null }),
    });
    expect(edited.json()).toMatchObject({
      code: 200,
      result: { website: null, descriptions: { fr: expect.any(String) } },
    });
    const [update] = await audit('nftCharity', charity.id);
    expect(update).toMatchObject({
      action: 'nftCharities.update',
      before: { website: 'https://river-schools.example.org' },
      after: { website: null },
    });

    const [made2] = await audit('nftCollection', collection.id);
    expect(made2).toMatchObject({ action: 'nftCollections.create', role: 'editor', after: { creator: 'M. Okafor' } });
    const renamed = await t.call<AdminNftCollection>('POST', `/swx/admin/nft-collections/${collection.id}`, {
      token: editor,
      body: collectionBody({ titles: { en: 'Harbour Lights', ja: '港の灯り' } }),
    });
    expect(renamed.body.result.titles).toEqual({ en: 'Harbour Lights', ja: '港の灯り' });
    const [update2] = await audit('nftCollection', collection.id);
    expect(update2).toMatchObject({
      action: 'nftCollections.update',
      before: { titles: { en: 'Harbour Lights' } },
      after: { titles: { ja: '港の灯り' } },
    });
  });

  it('lists, edits and withdraws an item, each audited; the list filters by collection and status', async () => {
    const item = await createItem();
    expect(item).toMatchObject({ status: 'live', frozen: false, bids: 0, charityId: charity.id, imageFileId: image });
    const [made] = await audit('nftItem', item.id);
    expect(made).toMatchObject({ action: 'nftItems.create', role: 'editor', after: { id: item.id } });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/swx/admin/nft-items/${item.id}`,
      headers: { authorization: editor },
      payload: itemBody({ startPrice: '120', reserve: '200' }),
    });
    expect(edited.json(), edited.body).toMatchObject({
      code: 200,
      result: { startPrice: '120.000000', reserve: '200.000000' },
    });
    const [update] = await audit('nftItem', item.id);
    expect(update).toMatchObject({
      action: 'nftItems.update',
      before: { startPrice: '100.000000', reserve: '150.000000' },
      after: { startPrice: '120.000000', reserve: '200.000000' },
    });

    const listed = await t.call<AdminNftItemsResult>('GET', '/swx/admin/nft-items', {
      token: editor,
      query: { collectionId: String(collection.id), status: 'live', size: '100' },
    });
    expect(listed.body.result.list.map((i) => i.id)).toContain(item.id);

    const gone = await t.call<AdminNftItem>('POST', `/swx/admin/nft-items/${item.id}/withdraw`, { token: editor });
    expect(gone.body).toMatchObject({ code: 200, result: { status: 'withdrawn' } });
    const [withdrawn] = await audit('nftItem', item.id);
    expect(withdrawn).toMatchObject({
      action: 'nftItems.withdraw',
      before: { status: 'live' },
      after: { status: 'withdrawn' },
    });
    const live = await t.call<AdminNftItemsResult>('GET', '/swx/admin/nft-items', {
      token: editor,
      query: { collectionId: String(collection.id), status: 'live', size: '100' },
    });
    expect(live.body.result.list.map((i) => i.id)).not.toContain(item.id);
  });

  it('refuses bad input with 40001 naming the field, and unknown records with 40400', async () => {
    const refuse = async (url: string, body: unknown, field: string, token = editor) => {
      const res = await t.call('POST', url, { token, body });
      expect(res.body, `${url} ${JSON.stringify(body)}`).toMatchObject({ code: 40001, field });
    };
    await refuse('/swx/admin/nft-items', itemBody({ reserve: '50' }), 'reserve');
    await refuse('/swx/admin/nft-items', itemBody({ buyNow: '150' }), 'buyNow');
    await refuse('/swx/admin/nft-items', itemBody({ startPrice: '1.1234567' }), 'startPrice');
    await refuse('/swx/admin/nft-items', itemBody({ startPrice: 'ten' }), 'startPrice');
    await refuse('/swx/admin/nft-items', itemBody({ endAt: t.clock.now().getTime() - 2 * HOUR }), 'endAt');
    await refuse('/swx/admin/nft-items', itemBody({ collectionId: 999_999 }), 'collectionId');
    await refuse('/swx/admin/nft-items', itemBody({ charityId: 999_999 }), 'charityId');
    await refuse('/swx/admin/nft-items', itemBody({ currency: 'NOPE' }), 'currency');
    await refuse(
      '/swx/admin/nft-items',
      itemBody({ imageFileId: '00000000-0000-4000-8000-000000000000' }),
      'imageFileId',
    );
    await refuse('/swx/admin/nft-items', itemBody({ sellerUserId: 987_654_321 }), 'sellerUserId');
    await refuse('/swx/admin/nft-items', itemBody({ edition: 3, editionSize: 2 }), 'edition');
    await refuse('/swx/admin/nft-items', itemBody({ titles: { fr: 'Sans anglais' } }), 'titles');
    await refuse('/swx/admin/nft-collections', collectionBody({ creator: '' }), 'creator');
    await refuse('/swx/admin/nft-charities', charityBody({ website: 'not a url' }), 'website', owner);
    await refuse(
      '/swx/admin/nft-charities',
      charityBody({ descriptions: { de: 'Nur Deutsch' } }),
      'descriptions',
      owner,
    );
    const bad = await t.call('GET', '/swx/admin/nft-items', { token: editor, query: { status: 'lost' } });
    expect(bad.body).toMatchObject({ code: 40001, field: 'status' });

    expect(
      (await t.call('POST', '/swx/admin/nft-items/123456789', { token: editor, body: itemBody() })).body.code,
    ).toBe(40400);
    expect((await t.call('POST', '/swx/admin/nft-items/123456789/withdraw', { token: editor })).body.code).toBe(40400);
    expect(
      (await t.call('POST', '/swx/admin/nft-collections/999999', { token: editor, body: collectionBody() })).body.code,
    ).toBe(40400);
    expect(
      (await t.call('POST', '/swx/admin/nft-charities/999999', { token: owner, body: charityBody() })).body.code,
    ).toBe(40400);
  });

  it('freezes prices, times and rules at the first bid (40068), and the withdrawal; texts stay editable', async () => {
    const item = await createItem();
    const bidder = await t.user({ real: '1000' });
    const bid = await t.call('POST', '/swx/customer/user/bidNft', {
      token: bidder.token,
      headers: { virtually: 'NO' },
      body: { id: item.id, amount: '100' },
    });
    expect(bid.body.code, JSON.stringify(bid.body)).toBe(200);

    for (const over of [
      { startPrice: '90' },
      { reserve: '300' },
      { buyNow: null },
      { bidStepBps: 1000 },
      { extendSeconds: 0 },
      { endAt: item.originalEndAt + HOUR },
      { sellerUserId: bidder.id },
    ]) {
      const body = itemBody({ startAt: item.startAt, endAt: item.originalEndAt, ...over });
      const res = await t.call('POST', `/swx/admin/nft-items/${item.id}`, { token: editor, body });
      expect(res.body.code, JSON.stringify(over)).toBe(40068);
    }
    const withdraw = await t.call('POST', `/swx/admin/nft-items/${item.id}/withdraw`, { token: owner });
    expect(withdraw.body.code).toBe(40068);

    const before = await audit('nftItem', item.id);
    const retitled = await t.call<AdminNftItem>('POST', `/swx/admin/nft-items/${item.id}`, {
      token: editor,
      body: itemBody({
        titles: { en: 'Lantern at dusk (signed)' },
        startAt: item.startAt,
        endAt: item.originalEndAt,
      }),
    });
    expect(retitled.body, JSON.stringify(retitled.body)).toMatchObject({
      code: 200,
      result: { frozen: true, bids: 1, currentBid: '100.000000', title: 'Lantern at dusk (signed)' },
    });
    const after = await audit('nftItem', item.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      action: 'nftItems.update',
      after: { titles: { en: 'Lantern at dusk (signed)' } },
    });
  });
});
