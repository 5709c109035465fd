import type { FavouritesResult } from '@openbourse/contracts/watchlist.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { watchlistRepository } from '../watchlist.repository.ts';
import { createWatchlistTestApp, type WatchlistTestApp } from './helpers.ts';

/**
 * Favourites through the API: session required, add (idempotent), list (oldest first), remove
 * (idempotent), one's own only, unknown instruments and malformed bodies refused, and the cap
 * held under a burst of concurrent requests.
 */
describe.each(DRIVERS)('favourites on %s', (driver) => {
  let t: WatchlistTestApp;
  const MAX = 10;
  beforeAll(async () => {
    t = await createWatchlistTestApp(driver, { maxFavourites: MAX });
  });
  afterAll(async () => t?.close());

  const add = (token: string | undefined, body: unknown) => t.post<FavouritesResult>('addFavourite', token, body);
  const remove = (token: string | undefined, body: unknown) => t.post<FavouritesResult>('removeFavourite', token, body);
  const codes = (r: FavouritesResult) => r.list.map((f) => f.code);

  it('needs a session', async () => {
    const eth = await t.inst('ETHUSDT');
    for (const res of [
      await t.call('GET', '/swx/customer/user/listFavourite'),
      await t.call('POST', '/swx/customer/user/addFavourite', { body: { instrumentId: eth.id } }),
      await t.call('POST', '/swx/customer/user/removeFavourite', { body: { instrumentId: eth.id } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('adds once however often asked, lists oldest first, removes idempotently; each user has their own', async () => {
    const u = await t.user();
    const other = await t.user();
    expect(await t.favourites(u.token)).toEqual({ list: [], max: MAX });
    const btc = await t.inst('BTCUSDT');
    const eur = await t.inst('EURUSD');

    const first = await add(u.token, { instrumentId: btc.id });
    expect(first.code, JSON.stringify(first)).toBe(200);
    expect(first.result.list).toEqual([{ instrumentId: btc.id, code: 'BTCUSDT', addedAt: t.clock.now().getTime() }]);
    t.clock.advance(1000);
    expect(codes((await add(u.token, { instrumentId: eur.id })).result)).toEqual(['BTCUSDT', 'EURUSD']);
    // Again: nothing changes, not even the time it was added.
    const again = await add(u.token, { instrumentId: btc.id });
    expect(again.code).toBe(200);
    expect(again.result).toEqual((await add(u.token, { instrumentId: eur.id })).result);
    expect(codes(again.result)).toEqual(['BTCUSDT', 'EURUSD']);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ favourites: 2 });

    expect(await t.favourites(other.token)).toEqual({ list: [], max: MAX });
    // Another user's removal touches only their own (none).
    expect((await remove(other.token, { instrumentId: btc.id })).result.list).toEqual([]);
    expect(codes(await t.favourites(u.token))).toEqual(['BTCUSDT', 'EURUSD']);

    expect(codes((await remove(u.token, { instrumentId: btc.id })).result)).toEqual(['EURUSD']);
    const twice = await remove(u.token, { instrumentId: btc.id });
    expect(twice.code).toBe(200);
    expect(codes(twice.result)).toEqual(['EURUSD']);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ favourites: 1 });
  });

  it('refuses an unknown instrument with 80005, and malformed bodies with 40001 naming the field', async () => {
    const u = await t.user();
    for (const path of ['addFavourite', 'removeFavourite']) {
      const unknown = await t.post(path, u.token, { instrumentId: 999_999 });
      expect(unknown).toMatchObject({ code: 80005, result: null });
      for (const body of [
        {},
        { instrumentId: '1' },
        { instrumentId: 1.5 },
        { instrumentId: -1 },
        { instrumentId: 0 },
        { instrumentId: 2 ** 31 },
        { instrumentId: 1e308 },
        { instrumentId: null },
        { instrumentId: [1] },
        { instrumentId: 'BTC\u0000USDT' },
      ]) {
        const res = await t.post(path, u.token, body);
        expect(res, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 40001, field: 'instrumentId' });
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: `/swx/customer/user/${path}`,
        headers: { authorization: u.token, 'content-type': 'application/json' },
        payload: '{"instrumentId":',
      });
      expect(notJson.json()).toMatchObject({ code: 40001, field: 'body' });
    }
    expect(await t.favourites(u.token)).toEqual({ list: [], max: MAX });
  });

  it(`keeps at most ${MAX} favourites under 200 concurrent adds, and frees a place on removal`, async () => {
    const u = await t.user();
    const instruments = (await t.services.market.listInstruments()).slice(0, 40);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => add(u.token, { instrumentId: instruments[i % instruments.length]!.id })),
    );
    const byCode = new Map<number, number>();
    for (const a of answers) byCode.set(a.code, (byCode.get(a.code) ?? 0) + 1);
    expect([...byCode.keys()].sort()).toEqual([200, 40029]);
    const full = answers.find((a) => a.code === 40029)!;
    expect(full.msg).toBe(`You can keep up to ${MAX} favourites. Remove one to add another`);
    const list = await t.favourites(u.token);
    expect(list.list).toHaveLength(MAX);
    expect(new Set(list.list.map((f) => f.instrumentId)).size).toBe(MAX);
    expect(await watchlistRepository.quota(t.database.db, u.id)).toMatchObject({ favourites: MAX });
    // Each success answered a list that held its instrument.
    for (const [i, a] of answers.entries()) {
      if (a.code === 200) expect(a.result.list.map((f) => f.instrumentId)).toContain(instruments[i % 40]!.id);
    }

    const outside = instruments.find((i) => !list.list.some((f) => f.instrumentId === i.id))!;
    expect((await add(u.token, { instrumentId: outside.id })).code).toBe(40029);
    // An instrument already there is still answered (idempotent), even at the cap.
    expect((await add(u.token, { instrumentId: list.list[0]!.instrumentId })).code).toBe(200);
    expect((await remove(u.token, { instrumentId: list.list[0]!.instrumentId })).code).toBe(200);
    expect((await add(u.token, { instrumentId: outside.id })).code).toBe(200);
    expect((await t.favourites(u.token)).list).toHaveLength(MAX);
  });

  it('answers the cap in the request’s language', async () => {
    const u = await t.user();
    const instruments = (await t.services.market.listInstruments()).slice(0, MAX + 1);
    for (const inst of instruments.slice(0, MAX)) await add(u.token, { instrumentId: inst.id });
    const ja = await t.post('addFavourite', u.token, { instrumentId: instruments[MAX]!.id }, 'ja');
    expect(ja).toMatchObject({ code: 40029, msg: `お気に入りは最大${MAX}件までです。追加するには1件削除してください` });
  });
});
