import type { Quote } from '@openbourse/contracts/market.ts';
import type { ListCurrenciesResult } from '@openbourse/contracts/wallet.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { DEFAULT_CURRENCIES } from '../../ledger/ledger.currencies.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

/** /cruuency's list: every ledger currency, priced in USDT at its USDT market's recorded quote. */
describe.each(DRIVERS)('index/listCurrencies on %s', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
  });
  afterAll(async () => t?.close());

  const list = async () => {
    const res = await t.call<ListCurrenciesResult>('GET', '/swx/customer/index/listCurrencies');
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.result.list.map((c) => [c.code, c]));
  };
  const cryptoQuotes = async () => {
    const res = await t.call<Quote[]>('GET', '/swx/customer/index/listMarketByType?type=2');
    return Object.fromEntries(res.body.result.map((q) => [q.code, q]));
  };

  it('lists every ledger currency in order, without a login, and prices none before a recorded tick', async () => {
    const res = await t.call<ListCurrenciesResult>('GET', '/swx/customer/index/listCurrencies');
    expect(res.body.code).toBe(200);
    expect(res.body.result.list.map((c) => c.code)).toEqual(DEFAULT_CURRENCIES.map((c) => c.code));
    const by = await list();
    expect(by.USDT).toEqual({
      code: 'USDT',
      name: 'Tether USD',
      scale: 6,
      kind: 'crypto',
      marketId: null,
      marketCode: null,
      priceUsdt: '1',
      change: '0',
      changePct: '0.00',
      ts: null,
    });
    const btcMarket = await t.inst('BTCUSDT');
    // The market exists but has no recorded tick: the catalogue's opening price is not shown as one.
    expect(by.BTC).toMatchObject({ marketId: btcMarket.id, marketCode: 'BTCUSDT', priceUsdt: null, changePct: null });
    // No USDT market: no price, no made-up rate.
    for (const code of ['USD', 'EUR', 'USDC']) {
      expect(by[code]).toMatchObject({ marketId: null, priceUsdt: null, change: null, changePct: null, ts: null });
    }
    expect(by.EUR?.kind).toBe('fiat');
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).toContain('/swx/customer/index/listCurrencies');
  });

  it('prices a coin at its market’s last recorded price with the same 24 h change as the market list', async () => {
    await t.tick('BTCUSDT', '95000.00', '95010.00');
    t.clock.advance(60 * 60_000);
    await t.tick('BTCUSDT', '96900.00', '96910.00');
    await t.tick('ETHUSDT', '3199.00', '3201.00');
    const [by, quotes] = await Promise.all([list(), cryptoQuotes()]);
    for (const [code, market] of [
      ['BTC', 'BTCUSDT'],
      ['ETH', 'ETHUSDT'],
    ] as const) {
      const q = quotes[market]!;
      expect(by[code]).toMatchObject({
        marketId: q.id,
        priceUsdt: q.last,
        change: q.change,
        changePct: q.changePct,
        ts: q.ts,
      });
    }
    expect(by.BTC?.priceUsdt).toBe('96905.00');
    expect(by.BTC?.changePct).not.toBe('0.00');
    expect(by.SOL?.priceUsdt).toBeNull();
  });
});
