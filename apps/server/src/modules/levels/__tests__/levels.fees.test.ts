/**
 * The VIP discount on every fee a user pays: the margin opening fee (previewed, then charged by a
 * market order and by a pending order filled later), the spot taker and maker fees, the exchange
 * spread (quoted, then confirmed); index/listLevel and the back office's editor. The ledger's trial
 * balance stays zero after each.
 */
import type { AdminLevel, AdminLevelsResult, ListLevelResult } from '@openbourse/contracts/levels.ts';
import type { OrderPreview, UOrder } from '@openbourse/contracts/trading.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createSpotTestApp, type SpotTestApp } from '../../spot/__tests__/helpers.ts';
import { btc, minor, WEDNESDAY_OPEN } from '../../trading/__tests__/helpers.ts';
import { userLevels } from '../levels.tables.ts';

describe.each(DRIVERS)('VIP fee discounts on %s', (driver) => {
  let t: SpotTestApp;
  let btcId: number;
  let pair: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    t.clock.set(WEDNESDAY_OPEN);
    await t.tick('BTCUSDT', '94990.00', '95000.00');
    btcId = (await t.inst('BTCUSDT')).id;
    pair = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  /** Puts the user at a level as the daily run would. */
  const setLevel = (userId: number, level: number, volume = '60000') =>
    t.database.db
      .insert(userLevels)
      .values({ userId, level, volume30d: volume, period: 'test', computedAt: t.clock.now() })
      .onConflictDoUpdate({ target: userLevels.userId, set: { level, volume30d: volume } });

  it('margin: the preview shows the discounted fee and the level; the order is charged exactly that', async () => {
    const plain = await t.user({ real: '2000' });
    const vip = await t.user({ real: '2000' });
    await setLevel(vip.id, 2);
    const body = btc({ instrumentId: btcId });
    const p0 = (await t.post<OrderPreview>('previewU', plain.token, body)).result;
    const p2 = (await t.post<OrderPreview>('previewU', vip.token, body, false)).result;
    // 9,500 notional × 0.001 = 9.5 USDT; VIP 2 takes 10 % off: 8.55.
    expect(p0).toMatchObject({ fee: '9.500000', cost: '959.500000', feeDiscount: null });
    expect(p2).toMatchObject({
      fee: '8.550000',
      cost: '958.550000',
      feeDiscount: { level: 2, name: 'VIP 2', discount: '0.1' },
    });
    const order = await t.post<UOrder>('buyU', vip.token, body);
    expect(order.code, JSON.stringify(order)).toBe(200);
    expect(order.result).toMatchObject({ fee: '8.550000', margin: '950.000000' });
    const b = await t.balance(vip.id, 'real');
    expect(minor(b.available) + minor(b.locked)).toBe(minor('2000') - minor('8.55'));
  });

  it('margin: a pending order filled later is charged the discounted fee at its fill', async () => {
    const vip = await t.user({ real: '2000' });
    await setLevel(vip.id, 5);
    const placed = await t.post<UOrder>(
      'buyU',
      vip.token,
      btc({ instrumentId: btcId, type: 'limit', price: '94000.00' }),
    );
    expect(placed.code, JSON.stringify(placed)).toBe(200);
    await t.tick('BTCUSDT', '93990.00', '94000.00');
    const b = await t.balance(vip.id, 'real');
    // 9,400 × 0.001 = 9.4; VIP 5 takes 25 % off: 7.05.
    expect(minor(b.available) + minor(b.locked)).toBe(minor('2000') - minor('7.05'));
    await t.tick('BTCUSDT', '94990.00', '95000.00');
  });

  it('spot: the taker and the maker each pay their rate less their discount, rounded up', async () => {
    const seller = await t.user();
    const buyer = await t.user();
    await setLevel(seller.id, 3); // 15 % off the maker's 0.08 %: 0.068 %
    await setLevel(buyer.id, 2); // 10 % off the taker's 0.1 %: 0.09 %
    await t.give(seller.id, 'BTC', '1');
    await t.give(buyer.id, 'USDT', '100000');
    const ask = await t.submit(seller.token, {
      pairId: pair,
      side: 'sell',
      type: 'limit',
      price: '95000',
      quantity: '0.5',
    });
    expect(ask.code, JSON.stringify(ask)).toBe(200);
    const buy = await t.submit(buyer.token, { pairId: pair, side: 'buy', type: 'market', quantity: '0.2' });
    // 19,000 turnover: the taker 17.1 (not 19), the maker 12.92 (not 15.2).
    expect(buy.result).toMatchObject({ status: 3, turnover: '19000', fee: '17.1' });
    expect(await t.available(buyer.id, 'USDT')).toBe('80982.900000');
    expect(await t.available(seller.id, 'USDT')).toBe('18987.080000');
    const mine = await t.orders(seller.token, { pairId: String(pair) });
    expect(mine.result.list[0]).toMatchObject({ id: ask.result.id, fee: '12.92' });
    await t.cancelSpot(seller.token, ask.result.id);
  });

  it('exchange: the quote carries the discounted spread and the level; confirming moves exactly it', async () => {
    const plain = await t.user();
    const vip = await t.user();
    await setLevel(vip.id, 2);
    await t.give(plain.id, 'BTC', '0.1');
    await t.give(vip.id, 'BTC', '0.1');
    const q0 = await t.quote(plain.token, { from: 'BTC', to: 'USDT', amount: '0.1' });
    const q2 = await t.quote(vip.token, { from: 'BTC', to: 'USDT', amount: '0.1' });
    expect(q0.result).toMatchObject({ spreadBps: 50, feeDiscount: null });
    // 50 bps less 10 % = 45 bps: 94990 × 0.9955 × 0.1 = 9456.2545.
    expect(q2.result).toMatchObject({
      spreadBps: 45,
      receive: '9456.2545',
      feeDiscount: { level: 2, name: 'VIP 2', discount: '0.1' },
    });
    expect((await t.confirm(vip.token, q2.result.quoteId)).code).toBe(200);
    expect(await t.available(vip.id, 'USDT')).toBe('9456.254500');
  });

  it('index/listLevel: the table for anyone; the level and progress for the signed-in user, in their language', async () => {
    const anon = await t.call<ListLevelResult>('GET', '/swx/customer/index/listLevel', { headers: { lang: 'zh' } });
    expect(anon.body.code).toBe(200);
    expect(anon.body.result.mine).toBeNull();
    expect(anon.body.result.list.map((l) => [l.id, l.minVolume, l.minBalance, l.discount])).toEqual([
      [0, '0', null, '0'],
      [1, '10000', null, '0.05'],
      [2, '50000', null, '0.1'],
      [3, '250000', null, '0.15'],
      [4, '1000000', '10000', '0.2'],
      [5, '5000000', '50000', '0.25'],
    ]);
    const u = await t.user();
    await setLevel(u.id, 2, '60000');
    const mine = await t.call<ListLevelResult>('GET', '/swx/customer/index/listLevel', { token: u.token });
    expect(mine.body.result.mine).toMatchObject({
      level: 2,
      discount: '0.1',
      volume30d: '60000',
      next: { level: 3, remaining: '190000', progress: '0.05' },
    });
    const fresh = await t.user();
    const none = await t.call<ListLevelResult>('GET', '/swx/customer/index/listLevel', { token: fresh.token });
    expect(none.body.result.mine).toMatchObject({ level: 0, computedAt: null, next: { level: 1, remaining: '10000' } });
  });

  /** PUT /swx/admin/levels (replace a level). */
  const replace = async (token: string, body: object) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/swx/admin/levels',
      headers: { authorization: token },
      payload: body,
    });
    return res.json() as { code: number; result: AdminLevel };
  };

  it('the back office edits the table (params.edit, audited); bad input is 40001', async () => {
    const owner = await adminToken(t, 'owner');
    const list = await t.call<AdminLevelsResult>('GET', '/swx/admin/levels', { token: owner });
    expect(list.body.code).toBe(200);
    expect(list.body.result.list).toHaveLength(6);
    const l2 = list.body.result.list.find((l) => l.id === 2)!;
    const put = await replace(owner, {
      id: 2,
      names: l2.names,
      minVolume: '50000',
      minBalance: null,
      discount: '0.12',
    });
    expect(put.code, JSON.stringify(put)).toBe(200);
    expect(put.result).toMatchObject({ id: 2, discount: '0.12' });
    const dup = await t.call('POST', '/swx/admin/levels', {
      token: owner,
      body: { id: 2, names: { en: 'X' }, minVolume: '1', minBalance: null, discount: '0.1' },
    });
    expect(dup.body).toMatchObject({ code: 40001, field: 'id' });
    const bad = await t.call('POST', '/swx/admin/levels', {
      token: owner,
      body: { id: 6, names: { en: 'VIP 6' }, minVolume: '1', minBalance: null, discount: '1.5' },
    });
    expect((bad.body as { code: number }).code).toBe(40001);
    const created = await t.call<AdminLevel>('POST', '/swx/admin/levels', {
      token: owner,
      body: { id: 6, names: { en: 'VIP 6' }, minVolume: '20000000', minBalance: '100000', discount: '0.3' },
    });
    expect(created.body.result).toMatchObject({ id: 6, name: 'VIP 6', discount: '0.3', users: 0 });
    const user = await t.user();
    const refused = await t.call('GET', '/swx/admin/levels', { token: user.token });
    expect(refused.status).not.toBe(200);
    // POST /levels/:id replaces too (the console's way); the path and body must agree.
    const viaPost = await t.call<AdminLevel>('POST', '/swx/admin/levels/6', {
      token: owner,
      body: { id: 6, names: { en: 'VIP 6', fr: 'VIP 6' }, minVolume: '20000000', minBalance: null, discount: '0.3' },
    });
    expect(viaPost.body.result).toMatchObject({ id: 6, minBalance: null });
    const mismatch = await t.call('POST', '/swx/admin/levels/5', {
      token: owner,
      body: { id: 6, names: { en: 'VIP 6' }, minVolume: '20000000', minBalance: null, discount: '0.3' },
    });
    expect(mismatch.body).toMatchObject({ code: 40001, field: 'id' });
    // Back as it was, for the tests after this one.
    await replace(owner, { id: 2, names: l2.names, minVolume: '50000', minBalance: null, discount: '0.1' });
    expect(
      (await replace(owner, { id: 9, names: { en: 'VIP 9' }, minVolume: '1', minBalance: null, discount: '0' })).code,
    ).toBe(40001);
  });
});
