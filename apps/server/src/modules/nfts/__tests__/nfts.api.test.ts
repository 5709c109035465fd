/**
 * The auction through the API: the bid flow (holds move with the lead), the minimum step, the
 * anti-sniping extension, the exact end, the reserve, buy now after bids, the seller, the demo
 * account, malformed amounts, the listings and my NFTs. The ledger balances after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createNftTestApp, type NftTestApp } from './helpers.ts';

const MIN = 60_000;

describe.each(DRIVERS)('charity NFT auctions on %s', (driver) => {
  let t: NftTestApp;
  beforeAll(async () => {
    t = await createNftTestApp(driver);
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('bids: each held, the previous leader released, the outbid told; the detail masks others', async () => {
    const item = await t.item();
    const a = await t.bidder('1000');
    const b = await t.bidder('1000');
    expect((await t.bid(a.token, item.id, '100')).code).toBe(200);
    expect(await t.balance(a.id, 'real')).toEqual({ available: '900.000000', locked: '100.000000' });
    const second = await t.bid(b.token, item.id, '105');
    expect(second.code, JSON.stringify(second)).toBe(200);
    expect(second.result.currentBid).toBe('105.000000');
    expect(second.result.minNextBid).toBe('110.250000');
    expect(second.result.mine).toMatchObject({ leading: true, myBid: '105.000000', owner: false, seller: false });
    expect(await t.balance(a.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
    expect(await t.balance(b.id, 'real')).toEqual({ available: '895.000000', locked: '105.000000' });
    expect(await t.holds(item.id)).toEqual({ count: 1, sum: '105.000000' });
    // The leader raising their own bid: the old hold released, the new one held.
    expect((await t.bid(b.token, item.id, '200')).code).toBe(200);
    expect(await t.balance(b.id, 'real')).toEqual({ available: '800.000000', locked: '200.000000' });
    expect(await t.holds(item.id)).toEqual({ count: 1, sum: '200.000000' });
    const seen = await t.detail(item.id, a.token);
    expect(seen.history.map((h) => [h.amount, h.mine])).toEqual([
      ['200.000000', false],
      ['105.000000', false],
      ['100.000000', true],
    ]);
    expect(seen.history[2]!.bidder).toBe('you');
    expect(seen.history[0]!.bidder).toBe(`${b.username[0]}***${b.username.at(-1)}`);
    expect(seen.mine).toMatchObject({ leading: false, myBid: '100.000000' });
    const anon = await t.detail(item.id);
    expect(anon.mine).toBeNull();
    expect(anon.history.every((h) => !h.mine && h.bidder !== 'you')).toBe(true);
    // A's outbid notification, in A's language.
    const notes = await t.call<{ list: { kind: string; title: string; body: string }[] }>(
      'GET',
      '/swx/customer/user/listNotification',
      { token: a.token, headers: { lang: 'fr' } },
    );
    const outbid = notes.body.result.list.find((n) => n.kind === 'nftOutbid');
    expect(outbid?.title).toBe('Votre enchère a été dépassée');
    expect(outbid?.body).toContain('Objet de test');
    const mine = await t.mine(a.token);
    expect(mine.list.map((m) => m.state)).toEqual(['outbid']);
    expect((await t.mine(b.token)).list.map((m) => m.state)).toEqual(['bidding']);
  });

  it.each([
    ['below the start price', [], '99.999999', 40063],
    ['the start price exactly', [], '100', 200],
    ['one unit under the step', ['100'], '104.999999', 40063],
    ['the step exactly', ['100'], '105', 200],
    ['the step rounded up', ['100.000001'], '105.000002', 200],
    ['one unit under the rounded-up step', ['100.000001'], '105.000001', 40063],
  ])('minimum step: %s', async (_label, before, amount, code) => {
    const item = await t.item();
    for (const amt of before) {
      const u = await t.bidder('1000');
      expect((await t.bid(u.token, item.id, amt)).code).toBe(200);
    }
    const u = await t.bidder('1000');
    const res = await t.bid(u.token, item.id, amount);
    expect(res.code, JSON.stringify(res)).toBe(code);
    if (code !== 200) expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
  });

  it('a bid one second before the end extends it to bid time + 15 min; at the exact end it is refused', async () => {
    const item = await t.item();
    const u = await t.bidder('1000');
    // 15 min before the end (not less): no extension.
    t.clock.set(new Date(item.endAt - 15 * MIN));
    const early = await t.bid(u.token, item.id, '100');
    expect(early.code).toBe(200);
    expect(early.result.endAt).toBe(item.endAt);
    t.clock.set(new Date(item.endAt - 1_000));
    const v = await t.bidder('1000');
    const late = await t.bid(v.token, item.id, '105');
    expect(late.code).toBe(200);
    expect(late.result.endAt).toBe(item.endAt - 1_000 + 15 * MIN);
    expect(late.result.originalEndAt).toBe(item.endAt);
    expect(late.result.history[0]!.extendedTo).toBe(late.result.endAt);
    t.clock.set(new Date(late.result.endAt));
    const w = await t.bidder('1000');
    expect((await t.bid(w.token, item.id, '200')).code).toBe(40064);
    expect((await t.detail(item.id)).status).toBe('ended');
    await t.services.nfts.settleDue();
    expect((await t.detail(item.id)).status).toBe('unsold');
    expect(await t.holds(item.id)).toEqual({ count: 0, sum: '0.000000' });
    expect(await t.balance(v.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
  });

  it('reserve met: the leader’s hold is posted to the charity; the item is theirs with a receipt', async () => {
    const item = await t.item();
    const a = await t.bidder('1000');
    const b = await t.bidder('1000');
    await t.bid(a.token, item.id, '140');
    await t.bid(b.token, item.id, '150');
    t.clock.set(new Date(item.endAt));
    await t.services.nfts.settleDue();
    const donation = await t.services.ledger.getTransfer(t.database.db, `nft:${await t.internalId(item.id)}:donation`);
    expect(donation).toMatchObject({ amount: '150.000000', code: 'nft_donation' });
    const d = await t.detail(item.id, b.token);
    expect(d).toMatchObject({ status: 'sold', soldPrice: '150.000000', soldBy: 'auction', donated: '150.000000' });
    expect(d.mine).toMatchObject({ owner: true });
    expect(await t.balance(b.id, 'real')).toEqual({ available: '850.000000', locked: '0.000000' });
    const mine = await t.mine(b.token);
    expect(mine.list[0]).toMatchObject({ state: 'won', receipt: { amount: '150.000000', by: 'auction' } });
    expect(mine.list[0]!.receipt!.transferId).toBe(donation!.id);
    expect((await t.mine(a.token, { state: 'lost' })).list.map((m) => m.item.id)).toContain(item.id);
    expect(d.charityDetail.donated).toBe((await t.list()).charities.find((c) => c.id === t.charityId)!.donated);
  });

  it('reserve not met: nothing sold, every hold released, the leader told', async () => {
    const item = await t.item();
    const a = await t.bidder('1000');
    await t.bid(a.token, item.id, '120');
    t.clock.set(new Date(item.endAt + 1));
    const r = await t.services.nfts.settleDue();
    expect(r.unsold).toBeGreaterThanOrEqual(1);
    expect((await t.detail(item.id)).status).toBe('unsold');
    expect(await t.balance(a.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
    expect(await t.holds(item.id)).toEqual({ count: 0, sum: '0.000000' });
  });

  it('buy now after bids: the auction ends at once, the leader released, the price paid to the charity', async () => {
    const item = await t.item({ buyNow: '500' });
    const a = await t.bidder('1000');
    const b = await t.bidder('1000');
    await t.bid(a.token, item.id, '200');
    expect((await t.bid(a.token, item.id, '500')).code).toBe(40066);
    expect((await t.buy(b.token, { id: item.id, price: '499' })).code).toBe(10016);
    const poor = await t.bidder('100');
    expect((await t.buy(poor.token, { id: item.id })).code).toBe(10011);
    const bought = await t.buy(b.token, { id: item.id, price: '500.00' });
    expect(bought.code, JSON.stringify(bought)).toBe(200);
    expect(bought.msgCode).toBe(20004);
    expect(bought.result).toMatchObject({ status: 'sold', soldBy: 'buy_now', soldPrice: '500.000000' });
    expect(await t.balance(a.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
    expect(await t.balance(b.id, 'real')).toEqual({ available: '500.000000', locked: '0.000000' });
    expect(await t.holds(item.id)).toEqual({ count: 0, sum: '0.000000' });
    expect((await t.mine(b.token)).list[0]).toMatchObject({ state: 'bought', receipt: { by: 'buy_now' } });
    expect((await t.bid(a.token, item.id, '600')).code).toBe(40064);
    expect((await t.buy(a.token, { id: item.id })).code).toBe(40064);
    // An item without buy now.
    const plain = await t.item();
    expect((await t.buy(b.token, { id: plain.id })).code).toBe(40067);
  });

  it('refusals: the seller, the demo account, an unknown item, an item not started', async () => {
    const seller = await t.bidder('1000');
    const item = await t.item({ sellerUserId: seller.id });
    expect((await t.bid(seller.token, item.id, '100')).code).toBe(40065);
    expect((await t.buy(seller.token, { id: item.id })).code).toBe(40067);
    const u = await t.bidder('1000');
    expect((await t.bid(u.token, item.id, '100', true)).code).toBe(40010);
    expect((await t.buy(u.token, { id: item.id }, true)).code).toBe(40010);
    expect((await t.bid(u.token, 4_503_599_627_370_497, '100')).code).toBe(40400);
    const later = await t.item({ startAt: t.clock.now().getTime() + MIN, endAt: t.clock.now().getTime() + 2 * MIN });
    expect((await t.bid(u.token, later.id, '100')).code).toBe(40064);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
  });

  it.each([
    ['negative', '-100', 10016],
    ['zero', '0', 10016],
    ['huge', '1'.repeat(39), 10016],
    ['exponent', '1e5', 10016],
    ['too many decimals', '100.0000001', 10016],
    ['a number', 100, 10016],
    ['null', null, 10016],
    ['an object', { v: 1 }, 10016],
    ['empty', '', 10016],
    ['a short balance', '100000', 10011],
  ])('malformed amount: %s', async (_label, amount, code) => {
    const item = await t.item();
    const u = await t.bidder('1000');
    const res = await t.bid(u.token, item.id, amount);
    expect(res.code, JSON.stringify(res)).toBe(code);
    expect(await t.balance(u.id, 'real')).toEqual({ available: '1000.000000', locked: '0.000000' });
  });

  it('bids and buys are counted per user: the 61st in a minute is 42900', async () => {
    const u = await t.bidder('1000');
    for (let i = 0; i < 60; i++) expect((await t.bid(u.token, 4_503_599_627_370_497, '100')).code).toBe(40400);
    expect((await t.bid(u.token, 4_503_599_627_370_497, '100')).code).toBe(42900);
    t.clock.advance(61_000);
  });

  it('malformed ids are no such item', async () => {
    const u = await t.bidder('1000');
    for (const id of ['x', -1, 0, 1.5, null]) expect((await t.bid(u.token, id, '100')).code).toBe(40400);
  });

  it('the list: filters, the donations equal the ledger’s charity account', async () => {
    const item = await t.item({ endAt: t.clock.now().getTime() + 2 * 3_600_000 });
    const all = await t.list({ filter: 'live', collectionId: String(t.collectionId) });
    expect(all.list.map((i) => i.id)).toContain(item.id);
    expect(all.chainAdapter).toBeNull();
    const ending = await t.list({ filter: 'ending' });
    expect(ending.list.map((i) => i.id)).toContain(item.id);
    const sold = await t.list({ filter: 'sold' });
    expect(sold.list.every((i) => i.status === 'sold')).toBe(true);
    const total = all.donated.find((d) => d.currency === 'USDT')?.amount ?? '0';
    expect(Number(total)).toBe(Number(await t.services.nfts.charityBalance(t.database.db, 'USDT')));
    expect((await t.call('GET', '/swx/customer/index/listNft', { query: { filter: 'nope' } })).body.code).toBe(40001);
  });
});
