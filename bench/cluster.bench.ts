// Two server processes on one PostgreSQL and one Redis — the real server, forked as the multi-process
// tests fork it (apps/server/src/test/cluster-node.ts), the simulated feed on — and what a client sees
// on the process that does not own the feed, beside the same measured on the owner in the same run:
//
//   tick hop        a tick recorded by the feed's owner → heard by a follower over the Redis tick
//                   stream (measured by a subscriber in this process: arrival − the tick's time);
//   quote age       every /message quote batch at S sockets on each process: arrival − the newest
//                   quote's tick time in it (includes the wait for the next broadcast, every 1 s);
//   order push      a market order placed over HTTP through the follower (its engine is the other
//                   process) → the `orders` push at the user's socket on the owner and on the follower;
//                   measured from the HTTP answer (the order committed) and from sending the request.
//
//   npm run cluster -w @openbourse/bench      (or: cd bench && node --import tsx cluster.bench.ts)
//   env: CLUSTER_PG_URL (a server where databases may be created; falls back to TEST_DATABASE_URL,
//        then postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_REDIS_URL (redis://127.0.0.1:6379),
//        CLUSTER_SOCKETS (200 per process), CLUSTER_SECONDS (20 of quotes), CLUSTER_ORDERS (200),
//        CLUSTER_TICK_MS (100: each open instrument ticks ten times a second)
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

process.env.TEST_DATABASE_URL ??= process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SOCKETS = Number(process.env.CLUSTER_SOCKETS ?? 200);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 20);
const ORDERS = Number(process.env.CLUSTER_ORDERS ?? 200);
const TICK_MS = process.env.CLUSTER_TICK_MS ?? '100';

const { createClusterStore, startNode } = await import('../apps/server/src/test/cluster.ts');
const { Redis } = await import('ioredis');

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms (n=${xs.length})`;

const store = await createClusterStore();
// Whatever fails, the two server processes go with this one (they also exit when their IPC closes).
const children: { kill(signal: NodeJS.Signals): Promise<void> }[] = [];
process.on('uncaughtException', (err) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  for (const c of children) void c.kill('SIGKILL');
  process.exit(1);
});
const env = { MARKET_FEED: 'sim', MARKET_TICK_MS: TICK_MS, LOG_LEVEL: 'error' };
const owner = await startNode('owner', store, env);
const follower = await startNode('follower', store, env);
children.push(owner, follower);
const wsUrl = (base: string) => `ws://${base.slice('http://'.length)}/message`;

try {
  // ------------------------------------------------------------------ tick hop
  const sub = new Redis(process.env.TEST_REDIS_URL as string);
  const hops: number[] = [];
  let carried = 0;
  sub.on('message', (_c: string, text: string) => {
    const now = Date.now();
    const msg = JSON.parse(text) as { t: [number, number, number][] };
    carried += msg.t.length;
    for (const t of msg.t) hops.push(now - t[2]);
  });
  await sub.subscribe(`${store.prefix}:ticks`);

  // ------------------------------------------------------------------ quote age at S sockets each
  const ages = { owner: [] as number[], follower: [] as number[] };
  const sockets: WebSocket[] = [];
  for (const [name, node] of [
    ['owner', owner],
    ['follower', follower],
  ] as const) {
    for (let i = 0; i < SOCKETS; i++) {
      // The server limits sockets per client address: 40 each from 127.1.0.1, 127.1.0.2, …
      const ws = new WebSocket(wsUrl(node.base), { localAddress: `127.1.0.${1 + Math.floor(i / 40)}` });
      ws.on('message', (d) => {
        const text = d.toString();
        if (!text.startsWith('[')) return;
        const batch = JSON.parse(text) as { ts: number }[];
        ages[name].push(Date.now() - Math.max(...batch.map((q) => q.ts)));
      });
      sockets.push(ws);
      await new Promise((r) => ws.once('open', r));
    }
  }
  const hopStart = carried;
  const t0 = performance.now();
  hops.length = 0;
  ages.owner.length = 0;
  ages.follower.length = 0;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const tickRate = (carried - hopStart) / ((performance.now() - t0) / 1000);
  for (const ws of sockets) ws.terminate();
  sub.disconnect();

  // ------------------------------------------------------------------ order push latency
  const email = `bench${Date.now().toString(36)}@example.com`;
  await follower.call('POST', '/swx/customer/login/sendCode', {
    body: { channel: 'email', purpose: 'register', email },
  });
  const [mail] = await store.query<{ body: string }>(
    'select body from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  const reg = await follower.call<{ token: string }>('POST', '/swx/customer/login/register', {
    body: { method: 'email', username: email.split('@')[0], email, password: 'Secret123', code },
  });
  const token = reg.result.token;
  const [eth] = await store.query<{ id: number }>(`select id from market_instruments where code = 'ETHUSDT'`);
  const arrivals = new Map<string, Map<number, number>>([
    ['owner', new Map()],
    ['follower', new Map()],
  ]);
  const pushSockets: WebSocket[] = [];
  for (const [name, node] of [
    ['owner', owner],
    ['follower', follower],
  ] as const) {
    const ws = new WebSocket(wsUrl(node.base));
    await new Promise((r) => ws.once('open', r));
    ws.on('message', (d) => {
      const text = d.toString();
      if (!text.startsWith('{')) return;
      const f = JSON.parse(text) as { ch?: string; event?: string; id?: number };
      if (f.ch === 'orders' && f.event === 'opened' && f.id) arrivals.get(name)!.set(f.id, performance.now());
    });
    const authed = new Promise((r) => ws.once('message', r));
    ws.send(JSON.stringify({ op: 'auth', token }));
    await authed;
    pushSockets.push(ws);
  }
  const fromAnswer = { owner: [] as number[], follower: [] as number[] };
  const fromRequest = { owner: [] as number[], follower: [] as number[] };
  let refused = 0;
  for (let i = 0; i < ORDERS; i++) {
    const sent = performance.now();
    const res = await follower.call<{ id: number }>('POST', '/swx/customer/order/buyU', {
      token,
      demo: true,
      body: { instrumentId: eth!.id, side: i % 2 === 0 ? 'buy' : 'sell', lots: '0.1', leverage: 10 },
    });
    const answered = performance.now();
    if (res.code !== 200) {
      refused += 1;
      continue;
    }
    const until = answered + 5000;
    while (
      (!arrivals.get('owner')!.has(res.result.id) || !arrivals.get('follower')!.has(res.result.id)) &&
      performance.now() < until
    ) {
      await new Promise((r) => setImmediate(r));
    }
    for (const name of ['owner', 'follower'] as const) {
      const at = arrivals.get(name)!.get(res.result.id);
      if (at === undefined) continue;
      fromAnswer[name].push(at - answered);
      fromRequest[name].push(at - sent);
    }
  }
  for (const ws of pushSockets) ws.terminate();

  const lines = [
    '',
    `two server processes on PostgreSQL + Redis, simulated feed every ${TICK_MS} ms per open instrument`,
    `tick hop (owner → Redis → a subscriber): ${fmt(hops)}; ${tickRate.toFixed(0)} ticks/s carried`,
    `quote age at ${SOCKETS} sockets on the owner:    ${fmt(ages.owner)}`,
    `quote age at ${SOCKETS} sockets on the follower: ${fmt(ages.follower)}`,
    `  follower / owner p50: ${(pct(ages.follower, 50) / pct(ages.owner, 50)).toFixed(2)}×`,
    `order push (placed through the follower, ${ORDERS - refused} orders${refused ? `, ${refused} refused` : ''}):`,
    `  after the answer, socket on the follower: ${fmt(fromAnswer.follower)}`,
    `  after the answer, socket on the owner:    ${fmt(fromAnswer.owner)}`,
    `  from the request, socket on the follower: ${fmt(fromRequest.follower)}`,
    `  from the request, socket on the owner:    ${fmt(fromRequest.owner)}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
} finally {
  await Promise.all([owner.kill('SIGTERM'), follower.kill('SIGTERM')]);
  await store.drop();
}
