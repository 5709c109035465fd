import type { SpotDepth, SpotOrder, SpotOrderList, SpotPair, SpotTrade } from '@openbourse/contracts/spot.ts';
import { expect } from 'vitest';
import type { Driver } from '../../../test/db.ts';
import { createExchangeTestApp, type ExchangeTestApp } from '../../exchange/__tests__/helpers.ts';
import type { Envelope } from '../../trading/__tests__/helpers.ts';

export interface SpotTestApp extends ExchangeTestApp {
  pairId(symbol: string): Promise<number>;
  submit(token: string, body: unknown, demo?: boolean): Promise<Envelope<SpotOrder>>;
  cancelSpot(token: string, id: unknown, demo?: boolean): Promise<Envelope<SpotOrder>>;
  orders(token: string, query?: Record<string, string>, demo?: boolean): Promise<Envelope<SpotOrderList>>;
  order(token: string, id: number | string, demo?: boolean): Promise<Envelope<SpotOrder>>;
  depth(pairId: number, demo?: boolean): Promise<Envelope<SpotDepth>>;
  trades(pairId: number, demo?: boolean): Promise<Envelope<SpotTrade[]>>;
  pairs(demo?: boolean): Promise<Envelope<SpotPair[]>>;
  locked(userId: number, currency: string): Promise<string>;
}

/** The exchange test app (no feed, ticks from `tick`) with the spot calls at hand. */
export async function createSpotTestApp(driver: Driver): Promise<SpotTestApp> {
  const t = await createExchangeTestApp(driver);
  const headers = (demo?: boolean) => ({ virtually: demo ? 'YES' : 'NO' });
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    token: string | undefined,
    opts: object,
    demo?: boolean,
  ) => {
    const res = await t.call<T>(method, `/swx/customer/${path}`, {
      ...(token ? { token } : {}),
      headers: headers(demo),
      ...opts,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Envelope<T>;
  };
  const pairs = (demo?: boolean) => call<SpotPair[]>('GET', 'index/listSpotPair', undefined, {}, demo);
  return {
    ...t,
    async pairId(symbol) {
      const p = (await pairs()).result.find((x) => x.symbol === symbol);
      if (!p) throw new Error(`no pair ${symbol}`);
      return p.id;
    },
    submit: (token, body, demo) => call<SpotOrder>('POST', 'order/submit', token, { body }, demo),
    cancelSpot: (token, id, demo) =>
      call<SpotOrder>('POST', 'order/chedan', token, { body: { id, kind: 'spot' } }, demo),
    orders: (token, query, demo) =>
      call<SpotOrderList>('GET', 'order/listBbOrder', token, query ? { query } : {}, demo),
    order: (token, id, demo) => call<SpotOrder>('GET', `order/getBbOrderById/${id}`, token, {}, demo),
    depth: (pairId, demo) =>
      call<SpotDepth>('GET', 'index/getSpotDepth', undefined, { query: { pairId: String(pairId) } }, demo),
    trades: (pairId, demo) =>
      call<SpotTrade[]>('GET', 'index/listSpotTrade', undefined, { query: { pairId: String(pairId) } }, demo),
    pairs,
    async locked(userId, currency) {
      return (await t.services.ledger.balance(t.database.db, userId, 'real', currency)).locked;
    },
  };
}
