import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

describe.each(DRIVERS)('admin instruments on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('changes a fee, leverage and lot limits for the next order, refuses bad terms, disables, audits', async () => {
    const owner = await adminToken(t, 'owner');
    const eth = await t.inst('ETHUSDT');
    const edit = (body: Record<string, unknown>) =>
      t.call<{ feeRate: string; maxLeverage: number; enabled: boolean }>('POST', `/swx/admin/instruments/${eth.id}`, {
        token: owner,
        body,
      });
    for (const [body, field] of [
      [{ feeRate: '0.5' }, 'feeRate'],
      [{ feeRate: '-0.001' }, 'feeRate'],
      [{ spreadRate: 'abc' }, 'spreadRate'],
      [{ minLots: '0.003' }, 'minLots'],
      [{ minLots: '500', maxLots: '10' }, 'minLots'],
    ] as const) {
      expect((await edit(body)).body, JSON.stringify(body)).toMatchObject({ code: 40001, field });
    }
    expect((await edit({ maxLeverage: 0 })).body.code).toBe(40001);
    expect((await edit({ stopsLevel: -1 })).body.code).toBe(40001);
    expect((await edit({ stopsLevel: 1.5 })).body.code).toBe(40001);

    const changed = await edit({ feeRate: '0.002', maxLeverage: 20, maxLots: '50', stopsLevel: 1000 });
    expect(changed.body).toMatchObject({ code: 200, result: { feeRate: '0.002', maxLeverage: 20 } });

    // The next order pays the new fee and is held to the new leverage (the change is heard on the bus).
    const u = await t.user({ real: '10000' });
    await new Promise((r) => setTimeout(r, 300));
    await t.tick('ETHUSDT', '3200.00', '3200.50');
    const tooMuch = await t.post('buyU', u.token, { instrumentId: eth.id, side: 'buy', lots: '1', leverage: 50 });
    expect(tooMuch).toMatchObject({ code: 40001, field: 'leverage' });
    const order = await t.post<{ fee: string }>('buyU', u.token, {
      instrumentId: eth.id,
      side: 'buy',
      lots: '1',
      leverage: 10,
    });
    expect(order.code, JSON.stringify(order)).toBe(200);
    expect(order.result.fee).toBe('6.401000'); // 3200.50 × 0.002
    // Stops keep the new distance: 1000 ticks of 0.01 = 10.00 from the closing price (the bid, 3200.00).
    const near = { instrumentId: eth.id, side: 'buy', lots: '1', leverage: 10, stopLoss: '3190.01' };
    expect(await t.post('buyU', u.token, near)).toMatchObject({ code: 40011, field: 'stopLoss' });
    expect((await t.post('buyU', u.token, { ...near, stopLoss: '3190.00' })).code).toBe(200);

    const disabled = await edit({ enabled: false });
    expect(disabled.body.result.enabled).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.post('buyU', u.token, { instrumentId: eth.id, side: 'buy', lots: '1', leverage: 10 })).code).toBe(
      10015,
    );

    const audit = await t.call<{ items: { before: { feeRate: string }; after: { feeRate: string } }[] }>(
      'GET',
      '/swx/admin/audit',
      { token: owner, query: { action: 'instruments.edit' } },
    );
    expect(audit.body.result.items.at(-1)).toMatchObject({
      before: { feeRate: eth.feeRate },
      after: { feeRate: '0.002' },
    });
    // Only owners edit instruments.
    expect((await t.call('GET', '/swx/admin/instruments', { token: await adminToken(t, 'support') })).body.code).toBe(
      40020,
    );
  });
});
