import type { FavouritesResult, PriceAlert, PriceAlertsResult } from '@openbourse/contracts/watchlist.ts';
import { expect } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import type { Driver } from '../../../test/db.ts';
import type { Instrument } from '../../market/market.types.ts';
import type { WatchlistOptions } from '../watchlist.service.ts';

/** A Wednesday with every market open. */
export const WEDNESDAY_OPEN = '2026-11-18T15:00:00Z';

export type Envelope<T> = { code: number; msg: string; result: T; msgCode?: number; field?: string };

export interface WatchlistTestApp extends TestApp {
  inst(code: string): Promise<Instrument>;
  /** Records a tick (as the feed would) and waits until the alert evaluator has fired what it reached. */
  tick(code: string, bid: string, ask: string, last?: string): Promise<{ id: number }>;
  /** Publishes the events committed so far (alerts set or removed reach the evaluator). */
  settle(): Promise<void>;
  user(): Promise<{ id: number; token: string }>;
  post<T>(path: string, token: string | undefined, body: unknown, lang?: string): Promise<Envelope<T>>;
  get<T>(path: string, token: string | undefined, lang?: string): Promise<Envelope<T>>;
  favourites(token: string): Promise<FavouritesResult>;
  alerts(token: string): Promise<PriceAlertsResult>;
  /** Sets an alert through the API and lets the evaluator hear of it. */
  alert(token: string, code: string, condition: 'above' | 'below', price: string): Promise<PriceAlert>;
}

/** The whole app with no market feed (ticks only from `tick`), its clock on a Wednesday when markets are open. */
export async function createWatchlistTestApp(
  driver: Driver,
  watchlist?: Partial<WatchlistOptions>,
): Promise<WatchlistTestApp> {
  const t = await createTestApp(driver, watchlist ? { watchlist } : {});
  t.clock.set(WEDNESDAY_OPEN);
  const { market, trading, events } = t.services;
  const settle = async () => {
    await events.relay.drain();
    await t.services.watchlist.runner.drain();
  };
  const post = async <T>(path: string, token: string | undefined, body: unknown, lang = 'en') => {
    const res = await t.call<T>('POST', `/swx/customer/user/${path}`, {
      ...(token ? { token } : {}),
      body,
      headers: { lang },
    });
    return res.body as Envelope<T>;
  };
  const get = async <T>(path: string, token: string | undefined, lang = 'en') => {
    const res = await t.call<T>('GET', `/swx/customer/user/${path}`, {
      ...(token ? { token } : {}),
      headers: { lang },
    });
    return res.body as Envelope<T>;
  };
  return {
    ...t,
    inst: (code) => market.getInstrument(code),
    async tick(code, bid, ask, last) {
      const inst = await market.getInstrument(code);
      const tick = await market.publishTick({ instrumentId: inst.id, bid, ask, ...(last ? { last } : {}) });
      await trading.runner.drain();
      await settle();
      return { id: tick.id };
    },
    settle,
    async user() {
      const u = await registerUser(t);
      return { id: u.id, token: u.token };
    },
    post,
    get,
    async favourites(token) {
      const res = await get<FavouritesResult>('listFavourite', token);
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.result;
    },
    async alerts(token) {
      const res = await get<PriceAlertsResult>('listPriceAlert', token);
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.result;
    },
    async alert(token, code, condition, price) {
      const inst = await market.getInstrument(code);
      const res = await post<PriceAlert>('addPriceAlert', token, { instrumentId: inst.id, condition, price });
      expect(res.code, JSON.stringify(res)).toBe(200);
      await settle();
      return res.result;
    },
  };
}
