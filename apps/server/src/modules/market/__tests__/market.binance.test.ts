import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import { binanceStreamUrl, createBinanceFeed, parseBinanceFrame } from '../market.binance.ts';
import { realScheduler } from '../market.scheduler.ts';
import type { FeedTick } from '../market.types.ts';
import { instrument } from './fixtures.ts';
import { createMarketTestApp } from './helpers.ts';

/** Frames as Binance's combined stream sends them (bookTicker and trade payloads), plus noise. */
const FRAMES = fs
  .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/binance-stream.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.length > 0);

/** A local stand-in for stream.binance.com: replays the recorded frames to every connection. */
async function replayServer() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const requests: string[] = [];
  wss.on('connection', (socket, req) => {
    requests.push(req.url ?? '');
    for (const frame of FRAMES) socket.send(frame);
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    requests,
    /** Drops every connection, as Binance does at the 24-hour mark. */
    dropAll: () => {
      for (const c of wss.clients) c.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('Binance stream frames', () => {
  it('parses bookTicker and trade payloads, combined or bare, and rejects anything else', () => {
    expect(parseBinanceFrame(FRAMES[1]!)).toEqual({
      kind: 'book',
      symbol: 'BTCUSDT',
      updateId: 74512209931,
      bid: '95012.34000000',
      ask: '95012.35000000',
    });
    expect(parseBinanceFrame(FRAMES[3]!)).toEqual({
      kind: 'trade',
      symbol: 'BTCUSDT',
      tradeId: 5432101001,
      price: '95012.35000000',
      qty: '0.01200000',
      time: 1795320000122,
    });
    expect(parseBinanceFrame('{"u":1,"s":"ethusdt","b":"1.5","B":"1","a":"1.6","A":"2"}')).toMatchObject({
      kind: 'book',
      symbol: 'ETHUSDT',
    });
    for (const junk of [
      '{"result":null,"id":1}',
      'not json at all',
      'null',
      '[1,2]',
      '{"stream":"x","data":{"e":"trade","s":"BTCUSDT","p":"1e5","q":"1"}}',
      '{"stream":"x","data":{"s":"BTCUSDT","b":"-1","a":"2"}}',
      '{"stream":"x","data":{"e":"kline","s":"BTCUSDT","b":"1","a":"2"}}',
      `{"data":{"s":"BTCUSDT","b":"${'9'.repeat(40)}","a":"2"}}`,
    ]) {
      expect(parseBinanceFrame(junk), junk.slice(0, 40)).toBeNull();
    }
    expect(binanceStreamUrl('wss://stream.binance.com:9443/', ['BTCUSDT', 'ETHUSDT'])).toBe(
      'wss://stream.binance.com:9443/stream?streams=btcusdt@bookTicker/btcusdt@trade/ethusdt@bookTicker/ethusdt@trade',
    );
  });
});

describe('Binance adapter against a local replay server', () => {
  it('turns the stream into coalesced ticks and reconnects with backoff when dropped', async () => {
    const server = await replayServer();
    cleanups.push(server.close);
    const btc = instrument('BTCUSDT');
    const eth = instrument('ETHUSDT');
    const feed = createBinanceFeed({
      url: server.url,
      instruments: [btc, eth, { ...instrument('EURUSD'), feedSymbol: null }],
      clock: systemClock,
      scheduler: realScheduler,
      emitMs: 100,
      backoffInitialMs: 50,
      backoffMaxMs: 200,
    });
    cleanups.push(() => feed.stop());
    const ticks: FeedTick[] = [];
    feed.onTick((t) => ticks.push(t));
    await feed.start();
    await until(() => ticks.some((t) => t.instrumentId === btc.id) && ticks.some((t) => t.instrumentId === eth.id));
    expect(server.requests[0]).toBe(
      '/stream?streams=btcusdt@bookTicker/btcusdt@trade/ethusdt@bookTicker/ethusdt@trade',
    );
    // Everything replayed arrives within one emit interval, so each symbol gives one tick.
    const lastOf = (id: number) => ticks.filter((t) => t.instrumentId === id).pop()!;
    expect(lastOf(btc.id)).toMatchObject({ bid: 9_501_310n, ask: 9_501_311n, last: 9_501_311n, source: 'binance' });
    expect(ticks.filter((t) => t.instrumentId === btc.id).reduce((s, t) => s + t.volume, 0n)).toBe(11_550_000n);
    expect(lastOf(eth.id)).toMatchObject({ bid: 320_117n, ask: 320_118n, last: 320_118n, volume: 125_000_000n });
    expect(feed.connections).toBe(1);

    const before = ticks.length;
    server.dropAll();
    await until(() => feed.connections === 2 && ticks.length > before);
    expect(server.requests).toHaveLength(2);
    await feed.stop();
    expect(feed.connected).toBe(false);
  });

  it('keeps retrying while the exchange is unreachable, backing off, and connects once it is back', async () => {
    const server = await replayServer();
    const url = server.url;
    await server.close(); // nothing listens there now
    const delays: number[] = [];
    const scheduler = {
      every: realScheduler.every,
      after(ms: number, fn: () => void) {
        delays.push(ms);
        return realScheduler.after(5, fn);
      },
    };
    const feed = createBinanceFeed({
      url,
      instruments: [instrument('BTCUSDT')],
      clock: systemClock,
      scheduler,
      backoffInitialMs: 100,
      backoffMaxMs: 1600,
      random: () => 1,
    });
    cleanups.push(() => feed.stop());
    await feed.start();
    await until(() => delays.length >= 6);
    await feed.stop();
    expect(delays.slice(0, 6)).toEqual([100, 200, 400, 800, 1600, 1600]);
    expect(feed.connections).toBe(0);
  });
});

describe('the market service on the Binance feed', () => {
  it('records crypto ticks with source binance, keeps the rest simulated, and refuses stale prices', async () => {
    const server = await replayServer();
    cleanups.push(server.close);
    const t = await createMarketTestApp('pglite', {
      market: { feed: 'binance', feedUrl: server.url, historyCandles: 0, staleQuoteMs: 30_000 },
    });
    cleanups.push(t.close);
    const btc = await t.market.getInstrument('BTCUSDT');
    const eur = await t.market.getInstrument('EURUSD');
    await until(() => server.requests.length === 1);
    expect(server.requests[0]).toContain('btcusdt@bookTicker');
    expect(server.requests[0]).toContain('trxusdt@trade');
    // Give the replayed frames time to arrive, then let the adapter emit.
    for (let i = 0; i < 50 && t.market.currentQuote(btc.id)?.source !== 'binance'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await t.advance(1000);
    }
    const q = t.market.currentQuote(btc.id)!;
    expect(q).toMatchObject({ source: 'binance', bid: '95013.10', ask: '95013.11', last: '95013.11' });
    expect(t.market.currentQuote(eur.id)?.source).toBe('sim');

    const info = await t.call<{ feed: string; quote: { simulated: boolean } }>(
      `/swx/customer/index/getMarketInfo/${btc.id}`,
    );
    expect(info.body.result).toMatchObject({ feed: 'binance', quote: { simulated: false } });
    const fx = await t.call<{ feed: string; quote: { simulated: boolean } }>(
      '/swx/customer/index/getMarketInfo/EURUSD',
    );
    expect(fx.body.result).toMatchObject({ feed: 'sim', quote: { simulated: true } });

    const sources = await queryRows<{ source: string; n: number }>(
      t.database.db,
      sql`select source, count(*)::int as n from market_ticks where instrument_id = ${btc.id} group by source`,
    );
    expect(sources).toEqual([{ source: 'binance', n: expect.any(Number) }]);

    await t.market.assertTradable(btc.id);
    // No frame for a minute (the replay sent everything once): the exchange price is stale.
    t.clock.advance(60_000);
    await expect(t.market.assertTradable(btc.id)).rejects.toMatchObject({ code: 10015 });
  });
});
