import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { seedPlatform } from '../../../seed.ts';
import { openTestDatabase } from '../../../test/db.ts';

/** Abusive sockets cost no log line each: no errors with stacks, one summary warning per interval. */
describe('WebSocket /message logging under abuse', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let url: string;
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const built = await buildApp({
      config: { MAIL_FROM: 'test@localhost', SESSION_TTL_HOURS: 24, SMTP_URL: undefined, WEB_DIST: '/nonexistent' },
      database,
      market: { feed: 'off', historyCandles: 0 },
      logger: { level: 'info', stream },
    });
    app = built.app;
    await seedPlatform(built.services, database.db, null);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/message`;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reports 40 abusive sockets in one warning and logs no error', async () => {
    const misbehave = [
      (ws: WebSocket) => ws.send('x'.repeat(60 * 1024)),
      (ws: WebSocket) => ws.send(Buffer.from([0xff, 0xfe]), { binary: false }),
      (ws: WebSocket) => {
        for (let i = 0; i < 3; i++) ws.send('junk');
      },
      (ws: WebSocket) => {
        for (let i = 0; i < 100; i++) ws.send(JSON.stringify({ op: 'auth', token: `t${i}` }));
      },
    ];
    const codes = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const ws = new WebSocket(url, { localAddress: `127.0.40.${i + 1}` });
        ws.on('error', () => undefined);
        await new Promise((r) => ws.once('open', r));
        const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
        misbehave[i % 4]!(ws);
        return closed;
      }),
    );
    expect(codes.filter((c) => c === 1009)).toHaveLength(10);
    expect(codes.filter((c) => c === 1007)).toHaveLength(10);
    expect(codes.filter((c) => c === 1008)).toHaveLength(20);
    // The summary is due after 10 s; closing the app reports what is pending.
    await app.close();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      msg: expect.stringMatching(/^realtime: closed 40 abusive sockets, refused 0 connections \(/),
      closed: 40,
      reasons: { oversize: 10, 'bad-frame': 10, junk: 10, auth: 10 },
    });
  });
});
