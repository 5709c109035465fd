// Quote fan-out: how many client-messages per second the server's WebSocket /message broadcast
// delivers to 1,000 connected clients, beside two peers sending the same bytes to the same 1,000
// clients in the same run:
//   /message        the real thing — buildApp (in-memory PGlite, feed off) listening on loopback,
//                   driven through realtime.broadcast(payload), i.e. the server's own fan-out code;
//   ws loop         a plain `ws` WebSocketServer: for (const c of wss.clients) c.send(payload);
//   corked ceiling  a `ws` WebSocketServer whose broadcast frames the message once
//                   (Sender.frame) and writes the frame's buffers to every client's raw net.Socket
//                   inside cork()/uncork() — the most a Node sender can do per client.
//
//   npm run fanout -w @openbourse/bench        (or: cd bench && node --import tsx fanout.bench.ts)
//   env: FANOUT_CLIENTS (1000), FANOUT_MS (1500 per measured phase), FANOUT_ROUNDS (6),
//        FANOUT_WINDOW (16), FANOUT_QUOTES (30 quotes a batch, ~5.5 KB)
//
// Clients: raw TCP sinks in a child process (bench/fanout/sinks.ts, the second core) that do the
// WebSocket handshake by hand (no permessage-deflate) and only parse frame headers to count
// messages — no ws client library, so receiving costs little and this process measures sending.
// Pacing: a contender may run at most FANOUT_WINDOW batches ahead of the slowest client (the sinks
// report, per group, the number of batches every client holds), so nothing buffers without bound.
// A phase broadcasts for FANOUT_MS, then waits until every client holds every batch; delivered
// msgs/s = batches × clients / (start → fully delivered). Short rounds rotate the order of the
// contenders; the best round of each is compared (the machine may be loaded by other jobs). The
// sender's CPU time per phase is recorded too: msgs per sender CPU-second is the same comparison
// with the machine's other load factored out.
// Every contender sends the same payload — a realistic quote batch built from the catalogue's
// instruments; the sinks check every message's length and the first message's bytes.
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { CATALOGUE } from '../apps/server/src/modules/market/market.catalogue.ts';

const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 1_000);
const RUN_MS = Number(process.env.FANOUT_MS ?? 1_500);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 6);
const WINDOW = Number(process.env.FANOUT_WINDOW ?? 16);
// Quotes per batch: a broadcast carries the instruments that changed since the last one; 30 of the
// 50 (closed markets stay still) makes the ~5.5 KB batch the brief describes. 50 gives ~9 KB.
const QUOTES = Math.min(Number(process.env.FANOUT_QUOTES ?? 30), CATALOGUE.length);
const WARMUP_MS = 1_000;
const DEADLINE_MS = 180_000; // the whole run; a stuck phase ends the process instead of hanging

// `ws` exports Sender at runtime; @types/ws does not declare it.
const { Sender } = WebSocket as unknown as {
  Sender: {
    frame(data: Buffer, o: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[];
  };
};
const FRAME_OPTIONS = { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false };

// ---------------------------------------------------------------- payload: one quote batch
function quoteBatch(): string {
  const batch = CATALOGUE.slice(0, QUOTES).map((inst, i) => {
    const d = inst.priceDecimals;
    const p = Number(inst.initialPrice) * (1 + ((i % 7) - 3) * 0.00037);
    const half = (p * Number(inst.spreadRate)) / 2;
    return {
      id: i + 1,
      code: inst.code,
      last: p.toFixed(d),
      bid: (p - half).toFixed(d),
      ask: (p + half).toFixed(d),
      change: (p * 0.00103).toFixed(d),
      changePct: '0.10',
      high: (p * 1.0123).toFixed(d),
      low: (p * 0.9871).toFixed(d),
      volume: (Number(inst.dailyVolume) * 0.4137).toFixed(2),
      ts: 1_795_317_132_298 + i * 7,
    };
  });
  return JSON.stringify(batch);
}
const PAYLOAD = quoteBatch();
const PAYLOAD_BYTES = Buffer.byteLength(PAYLOAD);
const WIRE_BYTES = Sender.frame(Buffer.from(PAYLOAD), FRAME_OPTIONS).reduce((n, b) => n + b.length, 0);

// ---------------------------------------------------------------- the sinks (child process)
type SinkMessage = { type: string; group?: string; [k: string]: unknown };
const sinks: ChildProcess = fork(new URL('./fanout/sinks.ts', import.meta.url), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const waiters: Array<{ match: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }> = [];
const delivered = new Map<string, number>();
const onDone = new Map<string, () => void>();
sinks.on('message', (m: SinkMessage) => {
  if (m.type === 'done') {
    delivered.set(m.group as string, m.batches as number);
    onDone.get(m.group as string)?.();
    return;
  }
  if (m.type === 'error') die(`sinks: ${String(m.message)}`);
  const i = waiters.findIndex((w) => w.match(m));
  if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
});
sinks.on('exit', (code) => {
  if (!finished) die(`sinks exited early (code ${code})`);
});
function ask(msg: SinkMessage, match: (m: SinkMessage) => boolean): Promise<SinkMessage> {
  return new Promise((resolve) => {
    waiters.push({ match, resolve });
    sinks.send(msg);
  });
}
let finished = false;
function die(why: string): never {
  console.error(`fanout bench: ${why}`);
  sinks.kill();
  process.exit(2);
}
setTimeout(() => die(`not finished within ${DEADLINE_MS / 1000} s`), DEADLINE_MS).unref();

// ---------------------------------------------------------------- contenders
interface Contender {
  key: string;
  label: string;
  port: number;
  path: string;
  connected(): number;
  broadcast(payload: string): void;
  close(): Promise<void>;
}

async function messageContender(): Promise<Contender> {
  const database = await openDatabase({});
  const { app, realtime } = await buildApp({
    config: { MAIL_FROM: 'bench@localhost', SESSION_TTL_HOURS: 24, SMTP_URL: undefined, WEB_DIST: '/nonexistent' },
    database,
    market: { feed: 'off', historyCandles: 0 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    key: 'message',
    label: '/message (server)',
    port: (app.server.address() as AddressInfo).port,
    path: '/message',
    connected: () => realtime.clients.size,
    broadcast: (payload) => realtime.broadcast(payload),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function wsServer(): Promise<WebSocketServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/message', perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  return wss;
}
const closeWss = (wss: WebSocketServer) =>
  new Promise<void>((resolve) => {
    for (const c of wss.clients) c.terminate();
    wss.close(() => resolve());
  });

async function plainWsContender(): Promise<Contender> {
  const wss = await wsServer();
  return {
    key: 'ws',
    label: 'ws send loop',
    port: (wss.address() as AddressInfo).port,
    path: '/message',
    connected: () => wss.clients.size,
    broadcast(payload) {
      for (const c of wss.clients) c.send(payload);
    },
    close: () => closeWss(wss),
  };
}

async function corkedContender(): Promise<Contender> {
  const wss = await wsServer();
  const sockets: Socket[] = [];
  wss.on('connection', (ws) => sockets.push((ws as unknown as { _socket: Socket })._socket));
  return {
    key: 'corked',
    label: 'corked pre-framed ws',
    port: (wss.address() as AddressInfo).port,
    path: '/message',
    connected: () => sockets.length,
    broadcast(payload) {
      const [head, body] = Sender.frame(Buffer.from(payload), FRAME_OPTIONS) as [Buffer, Buffer];
      for (const s of sockets) {
        s.cork();
        s.write(head);
        s.write(body);
        s.uncork();
      }
    },
    close: () => closeWss(wss),
  };
}

// ---------------------------------------------------------------- measurement
const sent = new Map<string, number>();

/** Broadcasts for `ms` (at most WINDOW batches ahead of the slowest client), then waits until all is delivered. */
function phase(c: Contender, ms: number): Promise<number> {
  return new Promise((resolve) => {
    const end = performance.now() + ms;
    let stopping = false;
    let n = sent.get(c.key) ?? 0;
    const first = n;
    const pump = () => {
      const done = delivered.get(c.key) ?? 0;
      if (!stopping && performance.now() >= end) stopping = true;
      if (!stopping) {
        while (n - done < WINDOW) {
          c.broadcast(PAYLOAD);
          n++;
        }
        sent.set(c.key, n);
      } else if (done === n) {
        onDone.delete(c.key);
        resolve(n - first);
      }
    };
    onDone.set(c.key, pump);
    pump();
  });
}

interface Sample {
  msgsPerSec: number;
  senderCpu: number;
  sinkCpu: number;
}

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
async function sinkCpu(): Promise<number> {
  const tag = Math.random();
  const m = await ask({ type: 'cpu', tag }, (r) => r.type === 'cpu' && r.tag === tag);
  return cpuSeconds(m.usage as NodeJS.CpuUsage);
}

async function measure(c: Contender): Promise<Sample> {
  const sink0 = await sinkCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const batches = await phase(c, RUN_MS);
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(process.cpuUsage(cpu0));
  const sink = (await sinkCpu()) - sink0;
  return { msgsPerSec: (batches * CLIENTS) / wall, senderCpu: cpu / wall, sinkCpu: sink / wall };
}

// ---------------------------------------------------------------- run
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (x: number) => `${fmt(x * 100, 0)}%`;

async function main() {
  const t = performance.now();
  console.log(
    `quote fan-out: ${fmt(CLIENTS)} WebSocket clients (raw TCP sinks on loopback, child process), ` +
      `payload ${fmt(PAYLOAD_BYTES)} B JSON (${QUOTES} quotes, ${fmt(WIRE_BYTES)} B framed); ` +
      `window ${WINDOW} batches; ${ROUNDS} rounds × ${fmt(RUN_MS)} ms per contender; node ${process.version}`,
  );
  const contenders = [await messageContender(), await plainWsContender(), await corkedContender()];
  const tConnect = performance.now();
  for (const c of contenders) {
    await ask(
      { type: 'connect', group: c.key, port: c.port, path: c.path, clients: CLIENTS, frameBytes: PAYLOAD_BYTES },
      (m) => m.type === 'connected' && m.group === c.key,
    );
    const until = performance.now() + 10_000;
    while (c.connected() < CLIENTS) {
      if (performance.now() > until) die(`${c.label}: only ${c.connected()} of ${CLIENTS} clients registered`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  console.log(
    `servers up in ${fmt((tConnect - t) / 1000, 1)} s; ${fmt(CLIENTS)} clients connected to each in ` +
      `${fmt((performance.now() - tConnect) / 1000, 1)} s`,
  );

  for (const c of contenders) await phase(c, WARMUP_MS);
  const samples = new Map<string, Sample[]>(contenders.map((c) => [c.key, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = contenders.map((_, i) => contenders[(i + r) % contenders.length]!);
    const line: string[] = [];
    for (const c of order) {
      const s = await measure(c);
      samples.get(c.key)!.push(s);
      line.push(`${c.label} ${fmt(s.msgsPerSec)}`);
    }
    console.log(`round ${r + 1}: ${line.join(' · ')} msgs/s`);
  }

  // Every client got every batch, each the exact payload.
  const problems: string[] = [];
  for (const c of contenders) {
    const s = await ask({ type: 'stats', group: c.key }, (m) => m.type === 'stats' && m.group === c.key);
    const n = sent.get(c.key) ?? 0;
    if (s.minCount !== n || s.maxCount !== n)
      problems.push(`${c.label}: clients hold ${s.minCount}–${s.maxCount} of ${n}`);
    if (s.badLength !== 0) problems.push(`${c.label}: ${s.badLength} messages of the wrong length`);
    if (s.otherFrames !== 0) problems.push(`${c.label}: ${s.otherFrames} unexpected frames`);
    if (s.firstPayload !== PAYLOAD) problems.push(`${c.label}: first message differs from the payload`);
  }

  const best = (key: string) => Math.max(...samples.get(key)!.map((s) => s.msgsPerSec));
  const bestOf = (key: string) => samples.get(key)!.reduce((a, b) => (b.msgsPerSec > a.msgsPerSec ? b : a));
  const ceiling = best('corked');
  const plain = best('ws');
  const rows = contenders.map((c) => {
    const s = bestOf(c.key);
    return [
      c.label,
      fmt(s.msgsPerSec),
      fmt((s.msgsPerSec * WIRE_BYTES) / 1e6, 1),
      pct(s.msgsPerSec / ceiling),
      pct(s.msgsPerSec / plain),
      pct(s.senderCpu),
      pct(s.sinkCpu),
      fmt(s.senderCpu > 0 ? s.msgsPerSec / s.senderCpu : 0),
    ];
  });
  const head = ['contender', 'msgs/s', 'MB/s', 'vs corked', 'vs ws', 'sender CPU', 'sinks CPU', 'msgs/CPU-s'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const show = (r: string[]) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(show(head));
  for (const r of rows) console.log(show(r));
  console.log('(best of the rounds; msgs = client-messages = batches × clients; MB/s counts framed bytes)');
  console.log(
    `checks: ${problems.length === 0 ? `every client received all ${fmt(CLIENTS)} × batches, each byte-identical to the payload` : problems.join('; ')}`,
  );
  const ratio = best('message') / ceiling;
  const perCpu = (key: string) => Math.max(...samples.get(key)!.map((s) => s.msgsPerSec / s.senderCpu));
  console.log(
    `/message fan-out = ${fmt(ratio * 100, 0)}% of the corked, pre-framed ceiling (bar: ≥ 50%) — ` +
      `${ratio >= 0.5 ? 'met' : 'NOT met'}; per sender CPU-second: ${pct(perCpu('message') / perCpu('corked'))}`,
  );

  finished = true;
  await ask({ type: 'close' }, (m) => m.type === 'closed');
  sinks.disconnect();
  for (const c of contenders) await c.close();
  console.log(`total ${fmt((performance.now() - t) / 1000, 1)} s`);
  if (problems.length) process.exitCode = 1;
}

main().catch((err) => die(err instanceof Error ? (err.stack ?? err.message) : String(err)));
