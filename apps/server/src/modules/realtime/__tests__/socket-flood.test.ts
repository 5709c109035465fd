import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { UOrder } from '@openbourse/contracts/trading.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DRIVERS } from '../../../test/db.ts';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { DEFAULT_SOCKET_LIMITS } from '../socket-guard.ts';

/**
 * The real app on a loopback port under a WebSocket flood: abusers are closed or refused, the
 * database is not hammered, /healthz stays fast and an honest client is served throughout.
 * Every client runs in this process and targets 127.0.0.1; each "client address" is a distinct
 * loopback source address (127.x.y.z), so per-address limits apply as they would to real clients.
 */
type Frame = Record<string, unknown> | unknown[] | string;
type Dialled =
  | { ok: true; ws: WebSocket; closed: Promise<{ code: number; reason: string }> }
  | { ok: false; status: number; body: string };

const junkText = 'x'.repeat(60 * 1024);
const invalidUtf8 = Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0x80, 0x7d]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bogusToken = () => randomBytes(32).toString('base64url');

describe.each(DRIVERS)('WebSocket /message under a flood on %s', (driver) => {
  let t: TradingTestApp;
  let port: number;
  let url: string;
  const sockets = new Set<WebSocket>();

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    url = `ws://127.0.0.1:${port}/message`;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  /** Opens a socket from `from` (a loopback address), or reports the HTTP answer that refused it. */
  function dial(from: string): Promise<Dialled> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { localAddress: from });
      sockets.add(ws);
      const closed = new Promise<{ code: number; reason: string }>((r) =>
        ws.once('close', (code, reason) => {
          sockets.delete(ws);
          r({ code, reason: reason.toString() });
        }),
      );
      ws.on('error', () => undefined);
      ws.once('open', () => resolve({ ok: true, ws, closed }));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => {
          sockets.delete(ws);
          resolve({ ok: false, status: res.statusCode ?? 0, body });
        });
        res.on('error', () => resolve({ ok: false, status: res.statusCode ?? 0, body }));
      });
      ws.once('close', () => resolve({ ok: false, status: 0, body: '' }));
    });
  }

  async function open(from: string) {
    const d = await dial(from);
    if (!d.ok) throw new Error(`refused: ${d.status} ${d.body}`);
    return d;
  }

  /** An honest client: pings, signs in, and collects what it is sent. */
  async function honest(from: string) {
    const d = await open(from);
    const frames: Frame[] = [];
    d.ws.on('message', (data) => {
      const text = data.toString();
      frames.push(text === 'pong' ? text : (JSON.parse(text) as Frame));
    });
    const next = async (pred: (f: Frame) => boolean, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const i = frames.findIndex(pred);
        if (i >= 0) return frames.splice(i, 1)[0]!;
        if (Date.now() > until) throw new Error(`no matching frame; got ${JSON.stringify(frames).slice(0, 500)}`);
        await sleep(10);
      }
    };
    return { ...d, frames, next };
  }
  const isObject = (f: Frame): f is Record<string, unknown> => typeof f === 'object' && !Array.isArray(f);

  /** Checks an honest client gets pong, its sign-in, a quote batch and a push about its own order. */
  async function expectServed(from: string) {
    const u = await t.user();
    const c = await honest(from);
    c.ws.send('ping');
    await c.next((f) => f === 'pong');
    c.ws.send(JSON.stringify({ op: 'auth', token: u.token }));
    expect(await c.next((f) => isObject(f) && f.ch === 'auth')).toEqual({ ch: 'auth', ok: true });
    await t.tick('ADAUSDT', '0.9990', '1.0000');
    const batch = (await c.next((f) => Array.isArray(f))) as Array<{ code: string }>;
    expect(batch.some((q) => q.code === 'ADAUSDT')).toBe(true);
    const inst = await t.inst('ADAUSDT');
    const order = await t.post<UOrder>(
      'buyU',
      u.token,
      { instrumentId: inst.id, side: 'buy', type: 'limit', price: '0.5000', lots: '10', leverage: 2 },
      true,
    );
    expect(order.code, JSON.stringify(order)).toBe(200);
    await c.next((f) => isObject(f) && f.ch === 'orders' && f.event === 'placed' && f.id === order.result.id);
    c.ws.close();
    await c.closed;
  }

  it('(a) closes a socket flooding 5,000 sign-ins with 1008 after a single database look-up', async () => {
    const spy = vi.spyOn(t.services.auth, 'authenticate');
    try {
      const d = await open('127.0.10.1');
      for (let i = 0; i < 5000; i++) d.ws.send(JSON.stringify({ op: 'auth', token: bogusToken() }));
      const closed = await d.closed;
      expect(closed.code).toBe(1008);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('(a) refuses a sign-in while one is running, and closes a client that floods frames or junk', async () => {
    // A second sign-in sent before the first is answered is refused without a look-up.
    const u = await t.user();
    const authenticate = t.services.auth.authenticate.bind(t.services.auth);
    // A slow look-up, so the second sign-in surely arrives while the first runs.
    const spy = vi
      .spyOn(t.services.auth, 'authenticate')
      .mockImplementation(async (token) => sleep(200).then(() => authenticate(token)));
    const c = await honest('127.0.10.2');
    c.ws.send(JSON.stringify({ op: 'auth', token: u.token }));
    c.ws.send(JSON.stringify({ op: 'auth', token: u.token }));
    const answers = [
      await c.next((f) => isObject(f) && f.ch === 'auth'),
      await c.next((f) => isObject(f) && f.ch === 'auth'),
    ];
    expect(answers).toContainEqual({ ch: 'auth', ok: true });
    expect(answers).toContainEqual({ ch: 'auth', ok: false });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    c.ws.close();

    // 1,000 pings at once: over the burst.
    const pinger = await open('127.0.10.3');
    for (let i = 0; i < 1000; i++) pinger.ws.send('ping');
    expect((await pinger.closed).code).toBe(1008);

    // Small junk frames: closed at the third.
    const junk = await open('127.0.10.4');
    for (const j of ['hello', '{"op":"subscribe"}', '[1]']) junk.ws.send(j);
    expect((await junk.closed).code).toBe(1008);
  });

  it('(b) closes sockets sending 60 KB junk frames (1009) or invalid UTF-8 (1007)', async () => {
    const big = await Promise.all(Array.from({ length: 20 }, (_, i) => open(`127.0.11.${i + 1}`)));
    for (const d of big) d.ws.send(junkText);
    const codes = await Promise.all(big.map((d) => d.closed.then((c) => c.code)));
    expect(new Set(codes)).toEqual(new Set([1009]));

    const bad = await open('127.0.11.100');
    bad.ws.send(invalidUtf8, { binary: false });
    expect((await bad.closed).code).toBe(1007);
  });

  it('(c) answers 429 with the envelope before the upgrade over the per-address socket cap and connection rate', async () => {
    const cap = DEFAULT_SOCKET_LIMITS.socketsPerIp;
    const held = await Promise.all(Array.from({ length: cap }, () => open('127.0.12.1')));
    const over = await dial('127.0.12.1');
    expect(over.ok).toBe(false);
    if (over.ok) throw new Error('unreachable');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ code: 42900, result: null, msg: expect.any(String) });
    // Another address is not affected; a slot freed is free again.
    const other = await open('127.0.12.2');
    other.ws.close();
    held[0]!.ws.close();
    await held[0]!.closed;
    let again: Dialled | null = null;
    for (let i = 0; i < 50 && !again?.ok; i++) {
      again = await dial('127.0.12.1');
      if (!again.ok) await sleep(20);
    }
    expect(again?.ok).toBe(true);
    for (const d of [...held, again as Dialled]) if (d.ok) d.ws.close();

    // New sockets per minute (shared limiter): the address above has used cap + 1 + retries of its 60.
    const rate = DEFAULT_SOCKET_LIMITS.connectsPerIpPerMinute;
    let admitted = 0;
    let refused: Dialled | null = null;
    for (let i = 0; i < rate + 5; i++) {
      const d = await dial('127.0.12.3');
      if (!d.ok) {
        refused = d;
        break;
      }
      admitted += 1;
      d.ws.close();
      await d.closed;
    }
    expect(admitted).toBe(rate);
    expect(refused).toMatchObject({ ok: false, status: 429 });
  });

  it('(d, e) keeps /healthz p99 under 1 s while one socket floods sign-ins and 80 send junk, and serves an honest client', async () => {
    const spy = vi.spyOn(t.services.auth, 'authenticate');
    let stop = false;
    const deadline = Date.now() + 30_000;
    const stats = { authFloods: 0, junkSockets: 0, refused: 0, closeCodes: new Map<number, number>() };
    const tally = (code: number) => stats.closeCodes.set(code, (stats.closeCodes.get(code) ?? 0) + 1);

    /** One attacker address: connects, misbehaves until closed, and again, for a bounded number of rounds. */
    const attacker = async (from: string, rounds: number, misbehave: (ws: WebSocket) => void) => {
      for (let round = 0; round < rounds && !stop && Date.now() < deadline; round++) {
        const d = await dial(from);
        if (!d.ok) {
          stats.refused += 1;
          await sleep(100);
          continue;
        }
        misbehave(d.ws);
        const closed = await Promise.race([d.closed, sleep(5000).then(() => ({ code: -1, reason: 'timeout' }))]);
        if (closed.code === -1) d.ws.terminate();
        tally(closed.code);
        await sleep(20);
      }
    };
    const authFlood = attacker('127.0.20.1', 50, (ws) => {
      stats.authFloods += 1;
      for (let i = 0; i < 5000; i++) ws.send(JSON.stringify({ op: 'auth', token: bogusToken() }));
    });
    const junk = Array.from({ length: 80 }, (_, i) =>
      attacker(`127.0.21.${i + 1}`, 40, (ws) => {
        stats.junkSockets += 1;
        if (i % 8 === 7) ws.send(invalidUtf8, { binary: false });
        else if (i % 8 === 6) for (let k = 0; k < 50; k++) ws.send(`junk ${k} ${'y'.repeat(1000)}`);
        else for (let k = 0; k < 3; k++) ws.send(junkText);
      }),
    );
    const attack = Promise.all([authFlood, ...junk]);

    // /healthz over real HTTP, one request after another, while the attack runs.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent, timeout: 10_000 }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${res.statusCode}`)),
          );
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
      });
    try {
      await sleep(200);
      const served = expectServed('127.0.30.1');
      const samples: number[] = [];
      for (let i = 0; i < 100 && Date.now() < deadline; i++) {
        samples.push(await get());
        await sleep(20);
      }
      await served;
      stop = true;
      await attack;
      samples.sort((a, b) => a - b);
      const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)]!;
      const p50 = pct(0.5);
      const p99 = pct(0.99);
      console.log(
        `[${driver}] /healthz under flood: n=${samples.length} p50=${p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms ` +
          `max=${samples.at(-1)!.toFixed(1)} ms; auth floods ${stats.authFloods}, junk sockets ${stats.junkSockets}, ` +
          `refused ${stats.refused}, close codes ${JSON.stringify(Object.fromEntries(stats.closeCodes))}, ` +
          `look-ups ${spy.mock.calls.length}`,
      );
      expect(samples.length).toBeGreaterThanOrEqual(100);
      expect(p99).toBeLessThan(1000);
      expect(stats.junkSockets).toBeGreaterThan(80);
      // Every abuser was closed by the server (no timeouts), with the codes of its misbehaviour.
      expect(stats.closeCodes.get(-1) ?? 0).toBe(0);
      for (const code of stats.closeCodes.keys()) expect([1007, 1008, 1009]).toContain(code);
      // One look-up per sign-in flood at most (plus the honest client's sign-in and push re-checks).
      expect(spy.mock.calls.length).toBeLessThanOrEqual(stats.authFloods + 5);
      // And the honest client is still served after it.
      await expectServed('127.0.30.2');
    } finally {
      stop = true;
      spy.mockRestore();
      agent.destroy();
      await attack;
    }
  });
});
