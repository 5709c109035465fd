// The money path and the public market list, each beside a peer on the same machine in the same run:
//
//   order/buyU            market orders over HTTP against PostgreSQL: the real server (buildApp on a
//   (or order/submit)     (MONEY_CALL=submit: spot limit orders on four books, buys and sells at one
//                         price per book so that every other order trades with a resting one)
//                         fresh database, the simulated feed on, 200 registered users placing demo
//                         orders), K concurrent keep-alive clients, counting only `code: 200` answers;
//   pgbench -N            the same PostgreSQL server, a second fresh database, the same K clients
//                         (`pgbench -N -c K -j 2 -T …`: BEGIN; UPDATE; SELECT; INSERT; END per transaction);
//   listMarketByType      GET …/index/listMarketByType?type=2 on the real server;
//   plain route           a bare Fastify instance answering the same path with the same bytes from memory.
//
// Both durable: every order is committed (synchronous_commit as the server has it) before its answer,
// as every pgbench transaction is. The phases alternate (buyU K, pgbench K, …) so a change in the
// machine's load hits both sides alike.
//
//   npm run money -w @openbourse/bench          (or: cd bench && node --import tsx money-path.bench.ts)
//   env: MONEY_PG_URL   (postgres://postgres@127.0.0.1:5432/postgres: a server where databases may be
//                        created and dropped; falls back to TEST_DATABASE_URL)
//        MONEY_USERS (200), MONEY_CLIENTS ("16,64"), MONEY_SECONDS (15 per buyU / pgbench phase),
//        MONEY_ROUNDS (3: order and pgbench phases alternating per K; the table shows the median
//        round), MONEY_LIST_SECONDS (5 per list phase), MONEY_POOL (the server's pool size; default: as in
//        production), MONEY_PROFILE=1 (instead of the benchmark: statements and their time per order,
//        placing MONEY_PROFILE_ORDERS (300) orders one at a time), MONEY_PROFILE=load (the same, under
//        the first K's load), MONEY_PROCESSES (1: the server processes taking orders; more are the
//        real server forked on the same database and on Redis, MONEY_REDIS_URL or TEST_REDIS_URL,
//        redis://127.0.0.1:6379 by default, the clients spread over them), MONEY_CPU_PROF=path (V8's
//        CPU profile of this process during each measured phase, written to path.k<K>.cpuprofile)
//
// Clients: raw HTTP/1.1 keep-alive connections in a child process (this file, forked with `client`),
// one request in flight per connection, pre-built request bytes, only the status line, Content-Length
// and the body's first bytes looked at — so the client costs little and the server's process has its
// own core.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const OK_PREFIX = '{"code":200,';

// ==================================================================== the client (child process)

interface RunOrder {
  type: 'run';
  /** Connection c goes to ports[c mod n] (one per server process). */
  ports: number[];
  /** Raw HTTP requests; connection c sends requests[(c + j·K) mod n] as its j-th. */
  requests: string[];
  concurrency: number;
  durationMs: number;
}
interface RunResult {
  type: 'result';
  ok: number;
  bad: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  sampleBad: string | null;
}

async function clientMain() {
  process.on('message', (m: RunOrder) => {
    if (m.type === 'run') {
      run(m).then(
        (r) => process.send?.(r),
        (err: Error) => process.send?.({ type: 'error', message: err.stack ?? err.message }),
      );
    }
    if ((m as { type: string }).type === 'exit') process.exit(0);
  });
  process.send?.({ type: 'ready' });
}

function run(m: RunOrder): Promise<RunResult> {
  const bufs = m.requests.map((r) => Buffer.from(r));
  const latencies = new Float64Array(2_000_000);
  let n = 0;
  let ok = 0;
  let bad = 0;
  let errors = 0;
  let sampleBad: string | null = null;
  const started = performance.now();
  const deadline = started + m.durationMs;
  const loops: Promise<void>[] = [];
  for (let c = 0; c < m.concurrency; c++) {
    loops.push(
      new Promise<void>((resolve) => {
        const sock = net.connect(m.ports[c % m.ports.length] as number, '127.0.0.1');
        sock.setNoDelay(true);
        let j = 0;
        let sentAt = 0;
        let chunks: Buffer[] = [];
        let have = 0;
        let need = -1;
        let headerLen = 0;
        const next = () => {
          if (performance.now() >= deadline) {
            sock.destroy();
            resolve();
            return;
          }
          const buf = bufs[(c + j * m.concurrency) % bufs.length] as Buffer;
          j++;
          chunks = [];
          have = 0;
          need = -1;
          sentAt = performance.now();
          sock.write(buf);
        };
        sock.on('connect', next);
        sock.on('data', (d: Buffer) => {
          chunks.push(d);
          have += d.length;
          const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          chunks = [all];
          if (need < 0) {
            const end = all.indexOf('\r\n\r\n');
            if (end < 0) return;
            headerLen = end + 4;
            const head = all.subarray(0, end).toString('latin1').toLowerCase();
            const cl = /\r\ncontent-length:\s*(\d+)/.exec(head);
            if (!cl) {
              errors++;
              sampleBad ??= `no content-length: ${head.slice(0, 200)}`;
              sock.destroy();
              resolve();
              return;
            }
            need = headerLen + Number(cl[1]);
          }
          if (have < need) return;
          const done = performance.now();
          if (done <= deadline) {
            if (n < latencies.length) latencies[n++] = done - sentAt;
            const status = all.subarray(9, 12).toString('latin1');
            const body = all.subarray(headerLen, need).toString('utf8');
            if (status === '200' && body.startsWith(OK_PREFIX)) ok++;
            else {
              bad++;
              sampleBad ??= `${status} ${body.slice(0, 300)}`;
            }
          }
          next();
        });
        sock.on('error', (err) => {
          errors++;
          sampleBad ??= `socket: ${err.message}`;
          resolve();
        });
      }),
    );
  }
  return Promise.all(loops).then(() => {
    const sorted = latencies.subarray(0, n).sort();
    const q = (p: number) => (n === 0 ? 0 : (sorted[Math.min(n - 1, Math.floor(p * n))] as number));
    return {
      type: 'result',
      ok,
      bad,
      errors,
      seconds: m.durationMs / 1000,
      p50: q(0.5),
      p99: q(0.99),
      sampleBad,
    };
  });
}

// ==================================================================== the benchmark (parent)

const USERS = Number(process.env.MONEY_USERS ?? 200);
const CLIENTS = (process.env.MONEY_CLIENTS ?? '16,64').split(',').map(Number);
const SECONDS = Number(process.env.MONEY_SECONDS ?? 15);
const LIST_SECONDS = Number(process.env.MONEY_LIST_SECONDS ?? 5);
/** Rounds per K, each an order phase then a pgbench phase; the table shows the median round. */
const ROUNDS = Math.max(1, Number(process.env.MONEY_ROUNDS ?? 3));
/** MONEY_CPU_PROF=path: the server process's CPU profile of each measured phase, to `path.k<K>.cpuprofile`. */
const CPU_PROF = process.env.MONEY_CPU_PROF ?? '';
const POOL = process.env.MONEY_POOL ? Number(process.env.MONEY_POOL) : undefined;
const PROFILE = process.env.MONEY_PROFILE === '1';
/** MONEY_PROFILE=load: statements per order under the first K's load instead of one at a time. */
const PROFILE_LOAD = process.env.MONEY_PROFILE === 'load';
/** Server processes taking orders (the first is this one; the others are forked, on Redis). */
const PROCESSES = Number(process.env.MONEY_PROCESSES ?? 1);
const REDIS = process.env.MONEY_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROFILE_ORDERS = Number(process.env.MONEY_PROFILE_ORDERS ?? 300);
/** MONEY_CALL=submit: spot orders (order/submit) instead of margin orders (order/buyU). */
const CALL = process.env.MONEY_CALL === 'submit' ? 'submit' : 'buyU';
/** Spot books the submit run trades on: pair, price, quantity (each order holds about 100 USDT). */
const SPOT_BOOKS: [symbol: string, price: string, quantity: string][] = (
  process.env.MONEY_BOOKS === '1'
    ? (x: [string, string, string][]) => x.slice(0, 1)
    : (x: [string, string, string][]) => x
)([
  ['BTC/USDT', '95000', '0.001'],
  ['ETH/USDT', '3200', '0.03'],
  ['SOL/USDT', '140', '0.7'],
  ['BNB/USDT', '920', '0.1'],
]);
const ADMIN_URL =
  process.env.MONEY_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEADLINE_MS = 300_000;
/** A few 24/7 instruments (crypto) and their smallest lot. */
const INSTRUMENTS: [code: string, lots: string][] = [
  ['ETHUSDT', '0.01'],
  ['SOLUSDT', '0.1'],
  ['XRPUSDT', '1'],
  ['DOGEUSDT', '10'],
  ['LTCUSDT', '0.01'],
];
const LIST_PATH = '/swx/customer/index/listMarketByType';

const created: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

async function createDb(prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  created.push(name);
  return name;
}

async function dropDbs() {
  while (created.length > 0) {
    const name = created.pop() as string;
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: Error) =>
      console.error(`could not drop ${name}: ${err.message}`),
    );
  }
}

async function teardown() {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  await dropDbs();
}

let child: ChildProcess | null = null;
const waiting: Array<(m: { type: string } & Record<string, unknown>) => void> = [];

function startClient(): Promise<void> {
  child = fork(new URL(import.meta.url), ['client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', (m: { type: string } & Record<string, unknown>) => {
    if (m.type === 'error') abort(`client: ${String(m.message)}`);
    waiting.shift()?.(m);
  });
  cleanups.push(async () => {
    child?.send({ type: 'exit' });
    child = null;
  });
  return new Promise((resolve) => waiting.push(() => resolve()));
}

function load(port: number | number[], requests: string[], concurrency: number, seconds: number): Promise<RunResult> {
  const ports = Array.isArray(port) ? port : [port];
  return new Promise((resolve) => {
    waiting.push((m) => resolve(m as unknown as RunResult));
    child?.send({ type: 'run', ports, requests, concurrency, durationMs: seconds * 1000 } satisfies RunOrder);
  });
}

/** Stops the run from a timer or a signal: drops the databases, then exits. */
function abort(why: string): void {
  console.error(`money-path bench: ${why}`);
  void teardown().finally(() => process.exit(2));
}

/** Stops the run from inside it (the rest of the current step never runs). */
function fail(why: string): never {
  abort(why);
  throw new Error(why);
}

function runPgbench(args: string[], url: string): Promise<string> {
  const u = new URL(url);
  const env = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
  return new Promise((resolve, reject) => {
    const p = spawn('pgbench', [...args, u.pathname.slice(1)], { env });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.stderr.on('data', (d) => {
      out += d;
    });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench ${args.join(' ')}: ${out}`))));
  });
}

const rawGet = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
function rawPost(path: string, headers: Record<string, string>, body: unknown): string {
  const json = JSON.stringify(body);
  const h = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${h}Content-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/** Starts V8's sampling profiler in this process; the function returned stops it and writes the profile. */
async function startCpuProfile(): Promise<(path: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (path) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile: ${path}`);
  };
}

/** CPU time of every postgres process on this machine (Linux /proc; 0 elsewhere), in ms. */
function postgresCpuMs(): number {
  let total = 0;
  try {
    const tick = 1000 / 100; // USER_HZ
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const f = stat.slice(close + 2).split(' ');
        // Its own time and that of its exited children: the postmaster keeps the time of the
        // backends that have ended (pgbench's, the pool's closed ones), so the sum never goes back.
        total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * tick;
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return 0;
  }
  return total;
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  setTimeout(() => abort(`not finished within ${DEADLINE_MS / 1000} s`), DEADLINE_MS).unref();
  process.on('SIGINT', () => abort('interrupted'));
  const { default: pg } = await import('pg');
  // Profile: every statement any connection sends, with its time (until its answer).
  const stats = new Map<string, { n: number; ms: number }>();
  let counting = false;
  if (PROFILE || PROFILE_LOAD) {
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (!counting) return original.apply(this, args);
      const q = args[0];
      const text = typeof q === 'string' ? q : ((q as { text?: string })?.text ?? '?');
      const key = text.replace(/\s+/g, ' ').slice(0, 110);
      const t0 = performance.now();
      const done = () => {
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t0;
        stats.set(key, s);
      };
      // pg.Pool#query passes a callback; drizzle's transactions use the promise.
      const cb = args.at(-1);
      if (typeof cb === 'function') {
        args[args.length - 1] = (...r: unknown[]) => {
          done();
          return (cb as (...x: unknown[]) => unknown)(...r);
        };
        return original.apply(this, args);
      }
      const res = original.apply(this, args);
      if (res && typeof (res as Promise<unknown>).then === 'function') {
        void (res as Promise<unknown>).then(done, () => undefined);
      }
      return res;
    };
  }

  const [{ buildApp }, { openDatabase }, { seedPlatform }, { LIFTED_CLIENT_LIMITS }, { outbox }, drizzle] =
    await Promise.all([
      import('../apps/server/src/app.ts'),
      import('../apps/server/src/db/client.ts'),
      import('../apps/server/src/seed.ts'),
      import('../apps/server/src/test/app.ts'),
      import('../apps/server/src/modules/mail/mail.tables.ts'),
      import('drizzle-orm'),
    ]);
  const { default: Fastify } = await import('fastify');

  // The spot market maker would trade in the measured books: off.
  process.env.SPOT_MAKER_EVERY_MS = '0';
  const t0 = performance.now();
  const appDb = await createDb('ob_bench_money');
  const database = await openDatabase({ url: dbUrl(appDb), ...(POOL ? { poolSize: POOL } : {}) });
  cleanups.push(() => database.close());
  const redisPrefix = `ob-bench-${randomBytes(4).toString('hex')}`;
  const cluster = PROCESSES > 1 ? { REDIS_URL: REDIS, REDIS_PREFIX: redisPrefix } : {};
  const { app, services } = await buildApp({
    config: {
      MAIL_FROM: 'bench@localhost',
      SESSION_TTL_HOURS: 24,
      SMTP_URL: undefined,
      WEB_DIST: '/nonexistent',
      ...cluster,
    },
    database,
    market: { feed: 'sim', historyCandles: 0 },
    authLimits: { client: LIFTED_CLIENT_LIMITS },
  });
  cleanups.push(() => app.close());
  await seedPlatform(services, database.db, null);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  // More processes: the real server forked on the same database and Redis (the feed stays here).
  const ports = [port];
  if (PROCESSES > 1) {
    const { startNode } = await import('../apps/server/src/test/cluster.ts');
    for (let i = 1; i < PROCESSES; i++) {
      const node = await startNode(`bench${i}`, { url: dbUrl(appDb), prefix: redisPrefix }, { REDIS_URL: REDIS });
      cleanups.unshift(() => node.kill('SIGTERM'));
      ports.push(Number(new URL(node.base).port));
    }
  }

  // Quotes: the simulated feed ticks every instrument once a second.
  const insts = await Promise.all(INSTRUMENTS.map(([code]) => services.market.getInstrument(code)));
  for (let i = 0; i < 100 && insts.some((x) => !services.market.currentQuote(x.id)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (insts.some((x) => !services.market.currentQuote(x.id))) fail('no quotes after 10 s');

  // Users: registered through the API (code by mail, read from the outbox), a few at a time.
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; result: never };
  };
  const run = `${Date.now().toString(36)}`;
  const tokens: string[] = [];
  const register = async (i: number) => {
    const username = `bench${run}u${i}`;
    const email = `${username}@example.com`;
    const sent = await post('/swx/customer/login/sendCode', { channel: 'email', purpose: 'register', email });
    if (sent.code !== 200) fail(`sendCode: ${JSON.stringify(sent)}`);
    const [row] = await database.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(drizzle.eq(outbox.recipient, email))
      .orderBy(drizzle.desc(outbox.id))
      .limit(1);
    const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
    if (!code) fail(`no code for ${email}`);
    const reg = await post('/swx/customer/login/register', {
      method: 'email',
      username,
      email,
      password: 'Secret123',
      code,
    });
    if (reg.code !== 200) fail(`register: ${JSON.stringify(reg)}`);
    tokens[i] = (reg.result as { token: string }).token;
    // The demo book is funded on its first use.
    const bal = await fetch(`${base}/swx/customer/user/getBalances`, {
      headers: { authorization: tokens[i] as string, virtually: 'YES' },
    });
    if (((await bal.json()) as { code: number }).code !== 200) fail('demo balances');
  };
  for (let i = 0; i < USERS; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, k) => register(i + k)));
  }
  const setupS = (performance.now() - t0) / 1000;
  console.log(`server on PostgreSQL ${appDb}, ${USERS} users registered and funded (${setupS.toFixed(1)} s)`);

  // Order requests: entry e → user e mod USERS, buy/sell alternating, instruments in turn.
  const orders: string[] = [];
  if (CALL === 'submit') {
    // Each user holds the books' coins in the demo account too (from the faucet, as demo money comes).
    const pairs = (await (await fetch(`${base}/swx/customer/index/listSpotPair`)).json()) as {
      result: { id: number; symbol: string; base: string }[];
    };
    const books = SPOT_BOOKS.map(([symbol, price, quantity]) => {
      const p = pairs.result.find((x) => x.symbol === symbol);
      if (!p) fail(`no spot pair ${symbol}`);
      return { id: p.id, base: p.base, price, quantity };
    });
    const users = await database.db.execute(drizzle.sql`select id from users where username like ${`bench${run}u%`}`);
    const ids = ((users as unknown as { rows: { id: unknown }[] }).rows ?? []).map((r) => Number(r.id));
    for (const id of ids) {
      for (const b of books) {
        await services.ledger.transfer(database.db, {
          key: `bench-coin:${id}:${b.base}`,
          debit: { platform: 'faucet', mode: 'demo' },
          credit: { userId: id, mode: 'demo' },
          currency: b.base,
          amount: '1000',
          code: 'demo_fund',
        });
      }
    }
    for (let e = 0; e < USERS * 2; e++) {
      const b = books[e % books.length]!;
      orders.push(
        rawPost(
          '/swx/customer/order/submit',
          { Authorization: tokens[e % USERS] as string, virtually: 'YES' },
          {
            pairId: b.id,
            side: Math.floor(e / books.length) % 2 === 0 ? 'buy' : 'sell',
            price: b.price,
            quantity: b.quantity,
          },
        ),
      );
    }
  }
  for (let e = 0; CALL === 'buyU' && e < USERS * 2; e++) {
    const inst = insts[e % insts.length]!;
    const lots = INSTRUMENTS[e % insts.length]![1];
    orders.push(
      rawPost(
        '/swx/customer/order/buyU',
        { Authorization: tokens[e % USERS] as string, virtually: 'YES' },
        { instrumentId: inst.id, side: Math.floor(e / USERS) % 2 === 0 ? 'buy' : 'sell', lots, leverage: 10 },
      ),
    );
  }

  const printStats = (orderCount: number) => {
    const totalN = [...stats.values()].reduce((a, s) => a + s.n, 0);
    const totalMs = [...stats.values()].reduce((a, s) => a + s.ms, 0);
    console.log(`\nstatements per order (all connections, incl. background work), ${fmt(orderCount)} orders:`);
    console.log(`${'per order'.padStart(9)} ${'ms/order'.padStart(8)} ${'ms each'.padStart(7)}  statement`);
    for (const [text, s] of [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(
        `${(s.n / orderCount).toFixed(2).padStart(9)} ${(s.ms / orderCount).toFixed(3).padStart(8)} ` +
          `${(s.ms / s.n).toFixed(3).padStart(7)}  ${text}`,
      );
    }
    console.log(
      `${(totalN / orderCount).toFixed(2).padStart(9)} ${(totalMs / orderCount).toFixed(3).padStart(8)}` +
        `          total`,
    );
  };
  if (PROFILE) {
    await profile(orders, base, () => {
      counting = true;
    });
    printStats(PROFILE_ORDERS);
    await teardown();
    return;
  }

  await startClient();
  // Warm-up: JIT, pool connections, and every entry placed once (each user's first order creates
  // their accounts on the one-order path; the measured runs are the steady state after it).
  for (let placed = 0, rounds = 0; placed < orders.length && rounds < 15; rounds++) {
    placed += (await load(ports, orders, 16, 2)).ok;
  }

  const pgDb = await createDb('ob_bench_pgbench');
  await runPgbench(['-i', '-q'], dbUrl(pgDb));

  if (PROFILE_LOAD) {
    counting = true;
    const r = await load(ports, orders, CLIENTS[0] ?? 16, SECONDS);
    counting = false;
    console.log(`K=${CLIENTS[0]}: ${fmt(r.ok / r.seconds)} orders/s`);
    printStats(r.ok);
    await teardown();
    return;
  }

  const rows: {
    what: string;
    k: number;
    value: number;
    unit: string;
    peer: number;
    peerName: string;
    note?: string;
  }[] = [];
  const detail: string[] = [];
  for (const k of CLIENTS) {
    const rounds: { ops: number; tps: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const batchesBefore = CALL === 'buyU' ? services.trading.batchStats() : services.spot.batchStats();
      const profiling = CPU_PROF ? await startCpuProfile() : null;
      const cpu0 = process.cpuUsage();
      const pg0 = postgresCpuMs();
      const r = await load(ports, orders, k, SECONDS);
      const cpu = process.cpuUsage(cpu0);
      if (profiling) await profiling(`${CPU_PROF}.k${k}.cpuprofile`);
      const pgMs = postgresCpuMs() - pg0;
      const cpuNote = `server CPU ${((cpu.user + cpu.system) / 1000 / r.ok).toFixed(3)} ms/order, PostgreSQL ${(pgMs / r.ok).toFixed(3)} ms/order`;
      const batchesAfter = CALL === 'buyU' ? services.trading.batchStats() : services.spot.batchStats();
      const batched = batchesAfter.orders - batchesBefore.orders;
      const nBatches = Math.max(1, batchesAfter.batches - batchesBefore.batches);
      const perBatch = batched / nBatches;
      // Spot: where a batch's time went, in ms per batch (spot.context.ts `stats`).
      type Phased = Record<'beforeMs' | 'firstMs' | 'planMs' | 'lastMs', number>;
      const phases =
        'firstMs' in batchesAfter && 'firstMs' in batchesBefore
          ? (['beforeMs', 'firstMs', 'planMs', 'lastMs'] as const)
              .map((p) => {
                const ms =
                  ((batchesAfter as unknown as Phased)[p] - (batchesBefore as unknown as Phased)[p]) / nBatches;
                return `${p.slice(0, -2)} ${ms.toFixed(2)}`;
              })
              .join(', ')
          : null;
      // Spot: the batches sent as one write (modules/spot/spot.expect.ts), of all.
      const whole =
        'whole' in batchesAfter && 'whole' in batchesBefore
          ? `${((100 * (Number(batchesAfter.whole) - Number(batchesBefore.whole))) / nBatches).toFixed(0)} % as one write`
          : null;
      if (r.ok === 0) fail(`no order succeeded: ${r.sampleBad}`);
      const out = await runPgbench(['-N', '-n', '-c', String(k), '-j', '2', '-T', String(SECONDS)], dbUrl(pgDb));
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
      const lat = /latency average = ([\d.]+) ms/.exec(out)?.[1];
      const ops = r.ok / r.seconds;
      rounds.push({ ops, tps });
      detail.push(
        `${CALL} K=${k} round ${round}: ${fmt(r.ok)} orders in ${r.seconds} s, ${r.bad} refused, ${r.errors} errors, ` +
          `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.sampleBad ? ` (e.g. ${r.sampleBad.slice(0, 160)})` : ''}` +
          `; ${fmt(batched)} in batches of ${perBatch.toFixed(1)} on average` +
          (phases ? ` (ms per batch: ${phases})` : '') +
          (whole ? `, ${whole}` : '') +
          `; pgbench -N -c ${k}: ${fmt(tps, 1)} TPS, latency ${lat} ms; ${cpuNote}; ratio ${(ops / tps).toFixed(3)}×`,
      );
      console.log(detail.at(-1));
    }
    // The median round (by its ratio): orders/s and the pgbench -N TPS measured right after them.
    const mid = [...rounds].sort((a, b) => a.ops / a.tps - b.ops / b.tps)[Math.floor((rounds.length - 1) / 2)]!;
    rows.push({
      what: `order/${CALL}`,
      k,
      value: mid.ops,
      unit: 'orders/s',
      peer: mid.tps,
      peerName: 'pgbench -N TPS',
      note: rounds.length > 1 ? `median of ${rounds.length}` : '',
    });
  }

  // listMarketByType beside a bare Fastify route answering the same bytes.
  const listReq = [rawGet(`${LIST_PATH}?type=2`)];
  const sample = await fetch(`${base}${LIST_PATH}?type=2`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
  const plain = Fastify({ logger: false });
  plain.get(LIST_PATH, async (_req, reply) => reply.type(contentType).send(bytes));
  await plain.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => plain.close());
  const plainPort = (plain.server.address() as AddressInfo).port;
  await load(port, listReq, 16, 1);
  await load(plainPort, listReq, 16, 1);
  for (const k of CLIENTS) {
    const best = { real: 0, plain: 0 };
    // Two short rounds each, alternating; the better round of each counts.
    for (let round = 0; round < 2; round++) {
      const a = await load(port, listReq, k, LIST_SECONDS / 2);
      const b = await load(plainPort, listReq, k, LIST_SECONDS / 2);
      if (a.bad + a.errors + b.bad + b.errors > 0) fail(`list: ${a.sampleBad ?? b.sampleBad}`);
      best.real = Math.max(best.real, a.ok / a.seconds);
      best.plain = Math.max(best.plain, b.ok / b.seconds);
      detail.push(
        `list K=${k} round ${round + 1}: server ${fmt(a.ok / a.seconds)} req/s (p50 ${a.p50.toFixed(2)} ms), ` +
          `plain ${fmt(b.ok / b.seconds)} req/s (p50 ${b.p50.toFixed(2)} ms)`,
      );
      console.log(detail.at(-1));
    }
    rows.push({
      what: 'listMarketByType',
      k,
      value: best.real,
      unit: 'req/s',
      peer: best.plain,
      peerName: 'plain Fastify req/s',
    });
  }

  console.log(
    `\n${bytes.length} bytes per list answer; server pool ${POOL ?? 'default'}; total ${fmt((performance.now() - t0) / 1000, 0)} s`,
  );
  console.log(
    `${'what'.padEnd(18)} ${'K'.padStart(3)} ${'result'.padStart(18)} ${'peer'.padStart(28)} ${'ratio'.padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.what.padEnd(18)} ${String(r.k).padStart(3)} ${`${fmt(r.value, 1)} ${r.unit}`.padStart(18)} ` +
        `${`${fmt(r.peer, 1)} ${r.peerName}`.padStart(28)} ${`${(r.value / r.peer).toFixed(3)}×`.padStart(7)}` +
        (r.note ? `  (${r.note})` : ''),
    );
  }
  await teardown();
}

/** One order at a time; statements counted from the first to the last. */
async function profile(orders: string[], base: string, start: () => void) {
  const send = async (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n').slice(1)) {
      const i = line.indexOf(':');
      if (!/^(host|content-length)$/i.test(line.slice(0, i))) headers[line.slice(0, i)] = line.slice(i + 2);
    }
    const res = await fetch(`${base}/swx/customer/order/${CALL}`, { method: 'POST', headers, body });
    const json = (await res.json()) as { code: number };
    if (json.code !== 200) fail(`order: ${JSON.stringify(json)}`);
  };
  for (let i = 0; i < 50; i++) await send(orders[i % orders.length] as string);
  start();
  const t = performance.now();
  for (let i = 0; i < PROFILE_ORDERS; i++) await send(orders[(i * 7) % orders.length] as string);
  const ms = performance.now() - t;
  console.log(`${PROFILE_ORDERS} orders one at a time: ${(ms / PROFILE_ORDERS).toFixed(2)} ms per order`);
  await new Promise((r) => setTimeout(r, 200));
}

if (process.argv[2] === 'client') {
  void clientMain();
} else {
  main().then(
    () => process.exit(0),
    async (err: Error) => {
      console.error(err.stack ?? err.message);
      await teardown();
      process.exit(1);
    },
  );
}
