import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/admin.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

describe.each(DRIVERS)('admin dashboard on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('shows sign-ups, exposure per instrument and side, today’s fills and fees, and a zero trial balance', async () => {
    const a = await t.user({ real: '10000' });
    const b = await t.user({ real: '10000' });
    await t.tick('ETHUSDT', '3200.00', '3200.50');
    const eth = await t.inst('ETHUSDT');
    const open = (token: string, side: string, lots: string) =>
      t.post('buyU', token, { instrumentId: eth.id, side, lots, leverage: 10 });
    expect((await open(a.token, 'buy', '1')).code).toBe(200);
    expect((await open(b.token, 'buy', '0.5')).code).toBe(200);
    expect((await open(b.token, 'sell', '0.25')).code).toBe(200);

    // Any role may read the dashboard (the editor has the least).
    const token = await adminToken(t, 'editor');
    const res = await t.call<{
      users: { total: number; signUpsToday: number; active24h: number };
      exposure: { real: { code: string; side: string; positions: number; lots: string; notional: string }[] };
      today: { real: { fills: number; volume: string; fees: string } };
      trialBalance: { ok: boolean; problems: number; totals: { total: string }[] };
    }>('GET', '/swx/admin/dashboard', { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const d = res.body.result;
    expect(d.users.total).toBeGreaterThanOrEqual(2);
    expect(d.users.signUpsToday).toBeGreaterThanOrEqual(2);
    expect(d.exposure.real.filter((r) => r.code === 'ETHUSDT')).toEqual([
      expect.objectContaining({ side: 'buy', positions: 2, lots: '1.5', notional: '4800.75' }),
      expect.objectContaining({ side: 'sell', positions: 1, lots: '0.25', notional: '800' }),
    ]);
    expect(d.today.real.fills).toBe(3);
    expect(d.today.real.volume).toBe('5600.75');
    expect(d.trialBalance).toMatchObject({ ok: true, problems: 0 });
    for (const total of d.trialBalance.totals) expect(Number(total.total)).toBe(0);
  });
});
