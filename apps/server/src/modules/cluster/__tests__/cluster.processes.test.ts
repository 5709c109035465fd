/**
 * Several real server processes on one PostgreSQL and one Redis (run when TEST_DATABASE_URL and
 * TEST_REDIS_URL are given, as `.ci/run` does): one owner of the feed and of the trigger runner,
 * pushes and quotes reaching clients on any process, limits shared, take-over after SIGKILL.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ClusterNode,
  createClusterStore,
  eventually,
  REDIS_URL,
  registerOnNode,
  startNode,
} from '../../../test/cluster.ts';
import { PG_URL } from '../../../test/db.ts';
import { SESSION_CACHE_MS } from '../../auth/auth.session-cache.ts';
import { connectSocket } from '../../../test/socket.ts';

type Store = Awaited<ReturnType<typeof createClusterStore>>;

const running: ClusterNode[] = [];
const stores: Store[] = [];
const redisClients: Redis[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((n) => n.kill('SIGKILL')));
  for (const r of redisClients.splice(0)) r.disconnect();
  await Promise.all(stores.splice(0).map((s) => s.drop()));
});

async function store() {
  const s = await createClusterStore();
  stores.push(s);
  return s;
}

async function node(name: string, s: Store, env: Record<string, string> = {}) {
  const n = await startNode(name, s, env);
  running.push(n);
  return n;
}

const owns = (n: ClusterNode) => n.command<{ feed: boolean; engine: boolean }>({ cmd: 'status' });

/** Everything published on one of the store's Redis channels, as parsed JSON. */
async function listen(s: Store, channel: 'ticks' | 'events') {
  const r = new Redis(REDIS_URL as string);
  redisClients.push(r);
  const heard: { at: number; msg: unknown }[] = [];
  r.on('message', (_c: string, text: string) => heard.push({ at: Date.now(), msg: JSON.parse(text) }));
  await r.subscribe(`${s.prefix}:${channel}`);
  return heard;
}

describe.skipIf(!PG_URL || !REDIS_URL)('several server processes on PostgreSQL and Redis', () => {
  it('opens on one process, stops out on the engine’s, pushes to sockets on both; quotes and limits are shared', async () => {
    const s = await store();
    const b = await node('b', s); // first up: owns the feed and the engine
    const a = await node('a', s);
    expect(await owns(b)).toMatchObject({ feed: true, engine: true });
    expect(await owns(a)).toMatchObject({ feed: false, engine: false });
    const [eth] = await s.query<{ id: number }>(`select id from market_instruments where code = 'ETHUSDT'`);
    const instrumentId = eth!.id;
    // Only the owner numbers ticks.
    await expect(a.command({ cmd: 'tick', instrumentId, bid: '3200.00', ask: '3200.50' })).rejects.toThrow(
      /own the feed/,
    );

    const user = await registerOnNode(s, a, `cluster${Date.now().toString(36)}`);
    const onA = await connectSocket(`ws://${a.base.slice('http://'.length)}/message`);
    const onB = await connectSocket(`ws://${b.base.slice('http://'.length)}/message`);
    const quotesOnA: string[] = [];
    onA.ws.on('message', (d) => {
      const text = d.toString();
      if (text.startsWith('[')) quotesOnA.push(text);
    });
    expect(await onA.auth(user.token)).toBe(true);
    expect(await onB.auth(user.token)).toBe(true);

    // A tick recorded by the owner (b) is the quote process a trades at and pushes to its clients.
    const t1 = await b.command<{ id: number }>({ cmd: 'tick', instrumentId, bid: '3200.00', ask: '3200.50' });
    await eventually(
      () => quotesOnA.some((q) => q.includes('"code":"ETHUSDT"') && q.includes('"bid":"3200.00"')),
      5000,
      'the quote on a',
    );
    const opened = await a.call<{ id: number; state: string }>('POST', '/swx/customer/order/buyU', {
      token: user.token,
      demo: true,
      body: { instrumentId, side: 'buy', lots: '1', leverage: 50 },
    });
    expect(opened.code, JSON.stringify(opened)).toBe(200);
    const [fill] = await s.query<{ tick_id: string }>(
      'select f.tick_id from cfd_fills f join cfd_orders o on o.id = f.order_id where o.public_id = $1',
      [opened.result.id],
    );
    expect(Number(fill?.tick_id)).toBe(t1.id);

    // The engine (b) heard the order from the bus; a crash of the price stops it out there, and
    // the push reaches the user's sockets on both processes.
    await eventually(
      async () => {
        const [row] = await s.query<{ n: string }>(
          `select count(*) as n from event_outbox where published_at is not null`,
        );
        return Number(row?.n) > 0;
      },
      5000,
      'the order event published',
    );
    await new Promise((r) => setTimeout(r, 300));
    const crash = await b.command<{ id: number }>({ cmd: 'tick', instrumentId, bid: '2000.00', ask: '2000.50' });
    const isStopOut = (f: Record<string, unknown>) =>
      f.ch === 'orders' && f.event === 'closed' && f.id === opened.result.id;
    const pushedB = await onB.next(isStopOut, 8000);
    const pushedA = await onA.next(isStopOut, 8000);
    for (const p of [pushedA, pushedB]) expect(p).toMatchObject({ reason: 'stopOut', tickId: crash.id, mode: 'demo' });

    // Sign-in failures are counted once for both processes: five wrong passwords, then locked.
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const via = i % 2 === 0 ? a : b;
      const res = await via.call('POST', '/swx/customer/login/login', {
        body: { username: user.username, password: 'Wrong1234' },
      });
      answers.push(res.code);
    }
    expect(answers).toEqual([40014, 40014, 40014, 40014, 40014, 40015, 40015, 40015]);

    // Signing out on one process ends the session on the other at once: b keeps the session in
    // memory after its first use, and the revocation's event makes it forget, well inside the TTL.
    const balances = (n: ClusterNode) =>
      n.call('GET', '/swx/customer/user/getBalances', { token: user.token, demo: true });
    expect((await balances(b)).code).toBe(200);
    expect((await balances(b)).code).toBe(200);
    expect((await a.call('POST', '/swx/customer/login/logout', { token: user.token })).code).toBe(200);
    const signedOut = Date.now();
    await eventually(async () => (await balances(b)).code === 401, SESSION_CACHE_MS, 'the sign-out heard on b');
    expect(Date.now() - signedOut).toBeLessThan(SESSION_CACHE_MS / 2);
    onA.ws.close();
    onB.ws.close();
  });

  it('hands the feed to another process within seconds of a SIGKILL, continuing one tick sequence', async () => {
    const s = await store();
    const env = { MARKET_FEED: 'sim', MARKET_TICK_MS: '100' };
    const a = await node('a', s, env);
    const b = await node('b', s, env);
    expect(await owns(a)).toMatchObject({ feed: true, engine: true });
    const heard = await listen(s, 'ticks');
    await eventually(() => heard.length >= 10, 10_000, 'ticks from the first owner');

    const killedAt = Date.now();
    await a.kill('SIGKILL');
    const origins = () => new Set(heard.map((h) => (h.msg as { o: string }).o));
    await eventually(() => origins().size >= 2, 10_000, 'ticks from the next owner');
    const first = heard.find((h) => (h.msg as { o: string }).o !== (heard[0]!.msg as { o: string }).o)!;
    expect(first.at - killedAt).toBeLessThan(10_000);
    // The engine's lease is taken by its own loop, a moment apart from the feed's: both within 10 s.
    await eventually(
      async () => {
        const o = await owns(b);
        return o.feed && o.engine;
      },
      Math.max(0, killedAt + 10_000 - Date.now()),
      'b owning the feed and the engine',
    );
    // What was published until now, checked once the new owner has flushed it (every second).
    const published = heard.slice();
    await new Promise((r) => setTimeout(r, 2500));

    type Wire = [number, number, number, string, string, string, string, string];
    const ticks = published.flatMap((h) =>
      (h.msg as { o: string; t: Wire[] }).t.map((t) => ({ o: (h.msg as { o: string }).o, t })),
    );
    const ids = ticks.map((x) => x.t[0]);
    // One sequence: every id once, increasing across the hand-over.
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]!);
    // Every tick either owner published is recorded, the last owner's unflushed ones included.
    const stored = await s.query<{ id: string }>('select id from market_ticks where id = any($1::bigint[])', [ids]);
    expect(stored.length).toBe(ids.length);
    // Prices continue where the first owner left them (the simulation resumes from the last tick).
    const firstOwner = ticks[0]!.o;
    for (const instrumentId of new Set(ticks.map((x) => x.t[1]))) {
      const before = ticks.filter((x) => x.o === firstOwner && x.t[1] === instrumentId).at(-1);
      const after = ticks.find((x) => x.o !== firstOwner && x.t[1] === instrumentId);
      if (!before || !after) continue;
      const ratio = Number(after.t[5]) / Number(before.t[5]);
      expect(Math.abs(ratio - 1), `instrument ${instrumentId}`).toBeLessThan(0.01);
    }
  });

  it('runs a job scheduled once exactly once across two processes and a restart of both', async () => {
    const s = await store();
    const log = `/tmp/${s.prefix}-jobs.log`;
    const env = { OB_TEST_JOB_LOG: log };
    const fs = await import('node:fs');
    const lines = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []);
    let a = await node('a', s, env);
    let b = await node('b', s, env);
    // Due at once, asked of both processes: one run.
    await Promise.all([
      a.command({ cmd: 'runAt', at: Date.now(), key: 'now' }),
      b.command({ cmd: 'runAt', at: Date.now(), key: 'now' }),
    ]);
    // Due in three seconds; both processes stop before then and start again after.
    await a.command({ cmd: 'runAt', at: Date.now() + 3000, key: 'later' });
    await eventually(() => lines().some((l) => l.endsWith('test.once:now')), 15_000, 'the first run');
    await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    await new Promise((r) => setTimeout(r, 3000));
    a = await node('a2', s, env);
    b = await node('b2', s, env);
    await eventually(() => lines().some((l) => l.endsWith('test.once:later')), 20_000, 'the run after the restart');
    await new Promise((r) => setTimeout(r, 3000));
    expect(lines().filter((l) => l.endsWith('test.once:now'))).toHaveLength(1);
    const later = lines().filter((l) => l.endsWith('test.once:later'));
    expect(later).toHaveLength(1);
    expect([String(a.pid), String(b.pid)]).toContain(later[0]!.split(' ')[0]);
    fs.rmSync(log, { force: true });
    // Four process starts and six seconds of waiting by design: on a loaded two-core machine the
    // starts alone have taken most of the default minute.
  }, 150_000);

  it('delivers an event committed just before a SIGKILL once the process is back', async () => {
    const s = await store();
    const a = await node('a', s);
    const heard = await listen(s, 'events');
    const mark = `m${Date.now()}`;
    await expect(a.command({ cmd: 'eventThenDie', topic: 'test.ping', payload: { mark } }, 5000)).rejects.toThrow();
    await a.kill('SIGKILL');
    const mine = () =>
      heard.filter((h) =>
        (h.msg as { topic: string; payload: { mark?: string } }[]).some((m) => m.payload?.mark === mark),
      );
    expect(mine()).toHaveLength(0);
    const [row] = await s.query<{ published_at: Date | null }>(
      `select published_at from event_outbox where topic = 'test.ping'`,
    );
    expect(row).toMatchObject({ published_at: null });
    await node('a2', s);
    await eventually(() => mine().length > 0, 10_000, 'the event after the restart');
  });
});
