import type { AdminSpotPair, AdminSpotPairList } from '@openbourse/contracts/admin-spot.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createSpotTestApp, type SpotTestApp } from '../../spot/__tests__/helpers.ts';

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.each(DRIVERS)('admin spot pairs on %s', (driver) => {
  let t: SpotTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    owner = await adminToken(t, 'owner');
  });
  afterAll(async () => t?.close());

  const list = async () => (await t.call<AdminSpotPairList>('GET', '/swx/admin/spotPairs', { token: owner })).body;
  const pairOf = async (symbol: string) => (await list()).result.list.find((p) => p.symbol === symbol)!;
  const edit = (id: number, body: Record<string, unknown>) =>
    t.call<AdminSpotPair>('POST', `/swx/admin/spotPairs/${id}`, { token: owner, body });
  const create = (body: Record<string, unknown>) =>
    t.call<AdminSpotPair>('POST', '/swx/admin/spotPairs', { token: owner, body });

  it('lists every pair with its terms as fractions and quantities, and its resting orders per account', async () => {
    const res = await list();
    expect(res.code).toBe(200);
    expect(res.result.list.map((p) => p.symbol)).toContain('BTC/USDT');
    expect(res.result.currencies).toEqual(expect.arrayContaining([{ code: 'BTC', name: 'Bitcoin', scale: 8 }]));
    expect(await pairOf('BTC/USDT')).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      instrumentCode: 'BTCUSDT',
      tickSize: '0.01',
      lotSize: '0.0001',
      minQuantity: '0.0001',
      maxQuantity: '100',
      makerFeeRate: '0.0008',
      takerFeeRate: '0.001',
      protectionRate: '0.05',
      mmSpreadRate: '0.0005',
      mmStepRate: '0.0003',
      mmLevels: 10,
      mmLevelQuote: '2000',
      openOrders: { real: 0, demo: 0 },
    });
  });

  it('changes the fees for every process, writes the audit row in the same change', async () => {
    const eth = await pairOf('ETH/USDT');
    const changed = await edit(eth.id, { makerFeeRate: '0.0005', takerFeeRate: '0.0015', sort: 9, enabled: false });
    expect(changed.body).toMatchObject({
      code: 200,
      result: { makerFeeRate: '0.0005', takerFeeRate: '0.0015', sort: 9, enabled: false },
    });
    // Heard on the bus: the spot service reloaded its pairs.
    await settle();
    expect(t.services.spot.pair(eth.id)).toMatchObject({
      grid: { makerFeePpm: 500n, takerFeePpm: 1500n },
      row: { enabled: false, sort: 9 },
    });
    const audit = await t.call<{ items: { targetId: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/swx/admin/audit',
      { token: owner, query: { action: 'spotPairs.edit' } },
    );
    expect(audit.body.result.items[0]).toMatchObject({
      targetId: 'ETH/USDT',
      before: { makerFeeRate: '0.0008', takerFeeRate: '0.001', enabled: true },
      after: { makerFeeRate: '0.0005', takerFeeRate: '0.0015', enabled: false },
    });
    await edit(eth.id, { enabled: true, makerFeeRate: '0.0008', takerFeeRate: '0.001' });
  });

  it('refuses bad terms with the field named, never a 500, and writes nothing', async () => {
    const btc = await pairOf('BTC/USDT');
    for (const [body, field] of [
      [{ takerFeeRate: '-0.001' }, 'takerFeeRate'],
      [{ makerFeeRate: '0.2' }, 'makerFeeRate'], // over the 10 % cap
      [{ makerFeeRate: '0.0000001' }, 'makerFeeRate'], // finer than a millionth
      [{ protectionRate: '0' }, 'protectionRate'],
      [{ mmSpreadRate: 'abc' }, 'mmSpreadRate'],
      [{ lotSize: '0.000000001' }, 'lotSize'], // BTC has 8 decimals
      [{ tickSize: '0.0000001' }, 'tickSize'], // tick × lot = 1e-11 USDT, finer than its 6 decimals
      [{ tickSize: '-1' }, 'tickSize'],
      [{ minQuantity: '0.00015' }, 'minQuantity'], // not a whole number of lots
      [{ minQuantity: '5', maxQuantity: '1' }, 'minQuantity'],
      [{ mmLevelQuote: '0.0000001' }, 'mmLevelQuote'], // finer than USDT
      [{ mmLevels: 0 }, 'mmLevels'],
      [{ instrumentCode: 'NOPE' }, 'instrumentCode'],
    ] as const) {
      const res = await edit(btc.id, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 40001, field });
    }
    expect((await edit(999_999, { enabled: false })).body.code).toBe(80005);
    expect(await pairOf('BTC/USDT')).toEqual(btc);

    const good = {
      base: 'ETH',
      quote: 'BTC',
      tickSize: '0.00001',
      lotSize: '0.001',
      minQuantity: '0.001',
      maxQuantity: '1000',
      makerFeeRate: '0.001',
      takerFeeRate: '0.001',
    };
    for (const [body, field] of [
      [{ ...good, base: 'XYZ' }, 'base'],
      [{ ...good, quote: 'NOPE' }, 'quote'],
      [{ ...good, base: 'btc' }, 'base'],
      [{ ...good, quote: 'ETH' }, 'quote'],
      [{ ...good, tickSize: '0.000001' }, 'tickSize'], // tick × lot = 1e-9 BTC, finer than its 8 decimals
      [{ ...good, takerFeeRate: '1' }, 'takerFeeRate'],
      [{ ...good, instrumentCode: 'ETHBTCX' }, 'instrumentCode'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 40001, field });
    }
    expect((await list()).result.list.some((p) => p.symbol === 'ETH/BTC')).toBe(false);
  });

  it('adds a pair of two ledger currencies (disabled at first), once, audited and loaded everywhere', async () => {
    const res = await create({
      base: 'ETH',
      quote: 'BTC',
      tickSize: '0.00001',
      lotSize: '0.001',
      minQuantity: '0.01',
      maxQuantity: '1000',
      makerFeeRate: '0.001',
      takerFeeRate: '0.002',
      sort: 20,
    });
    expect(res.body).toMatchObject({
      code: 200,
      result: {
        symbol: 'ETH/BTC',
        instrumentCode: null,
        enabled: false,
        mmEnabled: false,
        minQuantity: '0.01',
        takerFeeRate: '0.002',
        protectionRate: '0.05',
        openOrders: { real: 0, demo: 0 },
      },
    });
    const again = await create({
      base: 'ETH',
      quote: 'BTC',
      tickSize: '0.0001',
      lotSize: '0.01',
      minQuantity: '0.01',
      maxQuantity: '10',
      makerFeeRate: '0',
      takerFeeRate: '0',
    });
    expect(again.body).toMatchObject({ code: 40055, field: 'symbol' });
    await settle();
    expect(t.services.spot.pair(res.body.result.id)?.grid).toMatchObject({ symbol: 'ETH/BTC', minLots: 10 });
    const audit = await t.call<{ items: { targetId: string; after: unknown }[] }>('GET', '/swx/admin/audit', {
      token: owner,
      query: { action: 'spotPairs.create' },
    });
    expect(audit.body.result.items).toEqual([
      expect.objectContaining({ targetId: 'ETH/BTC', after: expect.objectContaining({ lotSize: '0.001' }) }),
    ]);
  });

  it('changes the grid only while no order rests on the pair, in either account', async () => {
    const btc = await pairOf('BTC/USDT');
    const u = await t.user();
    await t.give(u.id, 'BTC', '1', 'demo');
    const ask = await t.submit(
      u.token,
      { pairId: btc.id, side: 'sell', type: 'limit', price: '95000', quantity: '0.5' },
      true,
    );
    expect(ask.code, JSON.stringify(ask)).toBe(200);
    expect((await pairOf('BTC/USDT')).openOrders).toEqual({ real: 0, demo: 1 });

    expect((await edit(btc.id, { tickSize: '0.1' })).body).toMatchObject({ code: 40054, field: 'tickSize' });
    expect((await edit(btc.id, { lotSize: '0.001' })).body).toMatchObject({ code: 40054, field: 'lotSize' });
    // The same grid written again is no change; fees still change under resting orders.
    expect((await edit(btc.id, { tickSize: '0.010', takerFeeRate: '0.001' })).body.code).toBe(200);
    expect((await pairOf('BTC/USDT')).tickSize).toBe('0.01');

    // A pair with nothing resting: the grid changes; quantities stay quantities, so they must fit the new lot.
    const ltc = await pairOf('LTC/USDT');
    expect(ltc.openOrders).toEqual({ real: 0, demo: 0 });
    expect((await edit(ltc.id, { lotSize: '0.01' })).body).toMatchObject({ code: 40001, field: 'minQuantity' });
    const regrid = await edit(ltc.id, { tickSize: '0.1', lotSize: '0.01', minQuantity: '0.01', mmEnabled: false });
    expect(regrid.body.result).toMatchObject({
      tickSize: '0.1',
      lotSize: '0.01',
      minQuantity: '0.01',
      maxQuantity: ltc.maxQuantity,
    });
    expect((await edit(ltc.id, { lotSize: '0.1' })).body).toMatchObject({ code: 40001, field: 'minQuantity' });

    await t.cancelSpot(u.token, ask.result.id, true);
    expect((await pairOf('BTC/USDT')).openOrders).toEqual({ real: 0, demo: 0 });
    await t.expectBalanced();
  });

  it('is the instruments editors’ screen: other roles are refused before their request is read', async () => {
    const btc = await pairOf('BTC/USDT');
    for (const role of ['support', 'reviewer', 'editor'] as const) {
      const token = await adminToken(t, role);
      expect((await t.call('GET', '/swx/admin/spotPairs', { token })).body.code).toBe(40020);
      expect(
        (await t.call('POST', `/swx/admin/spotPairs/${btc.id}`, { token, body: { takerFeeRate: '0' } })).body.code,
      ).toBe(40020);
      expect((await t.call('POST', '/swx/admin/spotPairs', { token, body: {} })).body.code).toBe(40020);
    }
    expect((await pairOf('BTC/USDT')).takerFeeRate).toBe('0.001');
  });
});
