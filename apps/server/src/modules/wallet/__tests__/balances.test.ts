import type { AssetInfo, BalancesResult } from '@openbourse/contracts/wallet.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

/** /profile/balance's figures: every currency's balances, valued in USDT at a recorded tick, and the sum. */
describe.each(DRIVERS)('balances valued in USDT on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  const get = <T>(path: string, token: string) =>
    t.call<T>('GET', `/swx/customer/${path}`, { token, headers: { virtually: 'NO' } });

  it('values each balance at the bid of its USDT market’s recorded tick, exactly, and sums the account', async () => {
    const u = await t.user({ real: '1000.5' });
    await t.services.ledger.transfer(t.database.db, {
      key: `test-btc-balance:${u.id}`,
      debit: { platform: 'treasury', mode: 'real' },
      credit: { userId: u.id, mode: 'real' },
      currency: 'BTC',
      amount: '0.12345678',
      code: 'deposit',
    });
    const tick = await t.tick('BTCUSDT', '95000.13', '95010.00');
    const res = (await get<BalancesResult>('user/getBalances', u.token)).body.result;
    const by = Object.fromEntries(res.balances.map((b) => [b.currency, b]));
    expect(by.USDT).toMatchObject({ total: '1000.500000', valueUsdt: '1000.500000', priceTickId: null });
    // 0.12345678 × 95000.13 = 11728.4101498… → rounded down to 6 decimals.
    expect(by.BTC).toMatchObject({ total: '0.12345678', valueUsdt: '11728.410149', priceTickId: tick.id });
    expect(res.totalUsdt).toBe('12728.910149');

    const info = (await get<AssetInfo>('order/getAssestInfo/BTC', u.token)).body.result;
    expect(info.balance).toMatchObject({ currency: 'BTC', available: '0.12345678', valueUsdt: '11728.410149' });
    expect(info.recent.map((r) => r.currency)).toEqual(['BTC']);
    expect((await get('order/getAssestInfo/XYZ', u.token)).body.code).toBe(80005);
    expect((await get('order/getAssestInfo/btc!', u.token)).body.code).toBe(40001);
  });
});
