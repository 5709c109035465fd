import { gunzipSync } from 'node:zlib';
import { Quote } from '@openbourse/contracts/market.ts';
import type { FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, ok } from '../../../http/envelope.ts';
import { DRIVERS } from '../../../test/db.ts';
import type { CandleState } from '../market.aggregator.ts';
import { RollingStats, STATS_WINDOW_MS } from '../market.stats.ts';
import { createMarketTestApp, type MarketTestApp } from './helpers.ts';

const MARKET = '/swx/customer/index/listMarketByType';
const INFO = '/swx/customer/index/getMarketInfo';
type WireQuote = z.infer<typeof Quote>;

/** What the route answered before the snapshot: the envelope schema's serialiser over ok(req, quotes). */
const serialise = serializerCompiler({
  schema: envelope(z.array(Quote)),
  method: 'GET',
  url: MARKET,
} as never) as (data: unknown) => string;

describe.each(DRIVERS)('listMarketByType from a pre-serialised snapshot on %s', (driver) => {
  let t: MarketTestApp;
  beforeAll(async () => {
    t = await createMarketTestApp(driver, { market: { historyCandles: 30 } });
    await t.advance(3000);
  });
  afterAll(async () => t?.close());

  async function raw(type: number, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url: `${MARKET}?type=${type}`, headers });
  }

  /** The same quotes computed afresh, one instrument at a time (getMarketInfo never uses the snapshot). */
  async function fresh(type: number, codes: string[]): Promise<WireQuote[]> {
    const out: WireQuote[] = [];
    for (const code of codes) {
      const res = await t.app.inject({ method: 'GET', url: `${INFO}/${code}` });
      const info = res.json() as { result: { type: number; quote: WireQuote } };
      expect(info.result.type).toBe(type);
      out.push(info.result.quote);
    }
    return out;
  }

  /** The route's bytes equal the schema serialiser's over freshly computed quotes, field for field. */
  async function expectSameAsSchema(type: number, lang = 'en') {
    const res = await raw(type, { lang });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { result: WireQuote[] };
    const quotes = await fresh(
      type,
      body.result.map((q) => q.code),
    );
    const expected = serialise(ok({ lang } as FastifyRequest, quotes));
    expect(body).toEqual(JSON.parse(expected));
    expect(res.body).toBe(expected);
    return res;
  }

  it('answers each type and language exactly what the schema serialiser did, with the same headers', async () => {
    for (const type of [1, 2, 3, 4, 5]) {
      for (const lang of ['en', 'ja', 'ar']) {
        const res = await expectSameAsSchema(type, lang);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      }
    }
    const en = (await raw(2, { lang: 'en' })).json() as { msg: string; result: unknown };
    const ja = (await raw(2, { lang: 'ja' })).json() as { msg: string; result: unknown };
    expect(ja.msg).not.toBe(en.msg);
    expect(ja.result).toEqual(en.result);
  });

  it('computes a type once while nothing changes, and afresh when one of its quotes does', async () => {
    const a = await t.market.quoteList(2);
    const first = (await raw(2)).body;
    expect(await t.market.quoteList(2)).toBe(a);
    expect((await raw(2)).body).toBe(first);
    const forex = await t.market.quoteList(1);

    const btc = await t.market.getInstrument('BTCUSDT');
    const before = a.quotes.find((q) => q.code === 'BTCUSDT')!;
    const bid = (Number(before.bid) + 12.34).toFixed(2);
    const ask = (Number(before.bid) + 13.34).toFixed(2);
    await t.market.publishTick({ instrumentId: btc.id, bid, ask });

    const b = await t.market.quoteList(2);
    expect(b).not.toBe(a);
    expect(await t.market.quoteList(1)).toBe(forex);
    const res = await expectSameAsSchema(2);
    expect(res.body).not.toBe(first);
    const now = (res.json() as { result: WireQuote[] }).result.find((q) => q.code === 'BTCUSDT')!;
    expect(now).toMatchObject({ bid, ask });

    // The feed's ticks replace quotes too.
    await t.advance(2000);
    expect(await t.market.quoteList(2)).not.toBe(b);
    await expectSameAsSchema(2);
  });

  it('follows the session and the 24 h window as time passes without a tick', async () => {
    // The US close (21:00 UTC): stocks turn closed although none of their quotes changed.
    t.clock.set('2026-11-18T20:59:59.999Z');
    const open = await t.market.quoteList(3);
    expect(open.quotes.every((q) => q.open)).toBe(true);
    expect(await t.market.quoteList(3)).toBe(open);
    await expectSameAsSchema(3);
    t.clock.set('2026-11-18T21:00:00.000Z');
    const closed = await t.market.quoteList(3);
    expect(closed).not.toBe(open);
    expect(closed.quotes.every((q) => !q.open)).toBe(true);
    await expectSameAsSchema(3);

    // A day later every candle has left the window: no change, high = low = last, no volume.
    const crypto = (await t.market.quoteList(2)).quotes;
    expect(crypto.some((q) => q.volume !== '0')).toBe(true);
    t.clock.set('2026-11-20T21:00:00.000Z');
    const later = (await t.market.quoteList(2)).quotes;
    for (const q of later) expect(q).toMatchObject({ volume: '0', high: q.last, low: q.last });
    await expectSameAsSchema(2);
  });

  it('is still compressed for a client that accepts it', async () => {
    const plain = await raw(2);
    const res = await raw(2, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('RollingStats.stableUntil', () => {
  const c = (openTime: number, price: bigint): CandleState => ({
    instrumentId: 1,
    period: '5m',
    openTime,
    open: price,
    high: price + 5n,
    low: price - 5n,
    close: price,
    volume: 10n,
  });

  it('is the last instant the snapshot answers the same: when the oldest candle leaves the window', () => {
    const s = new RollingStats();
    expect(s.stableUntil(1_000)).toBe(Number.POSITIVE_INFINITY);
    const t0 = 1_800_000_000_000;
    s.load([c(t0, 100n), c(t0 + 300_000, 110n), c(t0 + 600_000, 120n)]);
    const now = t0 + 700_000;
    const until = s.stableUntil(now);
    expect(until).toBe(t0 + STATS_WINDOW_MS);
    const at = s.snapshot(now, 115n);
    expect(s.snapshot(until, 115n)).toEqual(at);
    expect(s.snapshot(until + 1, 115n)).not.toEqual(at);
    // Then the next one; after the last, the window is empty for good.
    expect(s.stableUntil(until + 1)).toBe(t0 + 300_000 + STATS_WINDOW_MS);
    expect(s.stableUntil(t0 + 600_000 + STATS_WINDOW_MS + 1)).toBe(Number.POSITIVE_INFINITY);
  });
});
