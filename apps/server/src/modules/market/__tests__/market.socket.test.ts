import { QuoteBatch } from '@openbourse/contracts/market.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { seedPlatform } from '../../../seed.ts';
import { openTestDatabase } from '../../../test/db.ts';
import { DEFAULT_MARKET_OPTIONS } from '../market.config.ts';

/** The real thing: a listening app, real timers, a WebSocket client on /message. */
describe('WebSocket /message quote batches', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const built = await buildApp({
      config: { MAIL_FROM: 'test@localhost', SESSION_TTL_HOURS: 24, SMTP_URL: undefined, WEB_DIST: '/nonexistent' },
      database,
      market: { ...DEFAULT_MARKET_OPTIONS, historyCandles: 0, tickMs: 250, broadcastMs: 500 },
    });
    app = built.app;
    await seedPlatform(built.services, database.db, null);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/message`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  function connect() {
    const ws = new WebSocket(url);
    const frames: Array<{ at: number; text: string }> = [];
    ws.on('message', (data) => frames.push({ at: Date.now(), text: data.toString() }));
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const waitFor = async (n: number, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      while (frames.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return frames;
    };
    return { ws, frames, opened, waitFor };
  }

  it('pushes bare JSON arrays of changed quotes, the same string to every client, several a second', async () => {
    const a = connect();
    const b = connect();
    await Promise.all([a.opened, b.opened]);
    const framesA = await a.waitFor(3);
    const framesB = await b.waitFor(3);
    expect(framesA.length).toBeGreaterThanOrEqual(3);
    for (const f of framesA) {
      expect(f.text.startsWith('[')).toBe(true);
      const batch = QuoteBatch.parse(JSON.parse(f.text));
      expect(batch.length).toBeGreaterThan(0);
      for (const q of batch) expect(Number(q.bid)).toBeLessThan(Number(q.ask));
    }
    // At least once a second: gaps between batches stay well under a second.
    const gaps = framesA.slice(1).map((f, i) => f.at - framesA[i]!.at);
    expect(Math.max(...gaps)).toBeLessThan(1000);
    // Both clients got identical frames (serialised once per batch).
    const common = framesB.map((f) => f.text).filter((text) => framesA.some((f) => f.text === text));
    expect(common.length).toBeGreaterThan(0);
    a.ws.send('ping');
    await a.waitFor(framesA.length + 2);
    expect(a.frames.some((f) => f.text === 'pong')).toBe(true);
    a.ws.close();
    b.ws.close();
  });

  it('serves a reconnecting client the next batch', async () => {
    const first = connect();
    await first.opened;
    await first.waitFor(1);
    first.ws.terminate();
    const again = connect();
    await again.opened;
    const frames = await again.waitFor(1);
    expect(frames.length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(JSON.parse(frames[0]!.text))).toBe(true);
    again.ws.close();
  });
});
