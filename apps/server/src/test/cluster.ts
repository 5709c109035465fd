/**
 * Real server processes for the multi-process tests: each `startNode` forks `cluster-node.ts` (the
 * real server with a test job and IPC commands) on a database and a Redis prefix of the test's own.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createServerDatabase } from './db.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL;

const NODE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cluster-node.ts');

/** A fresh database on the test server and a Redis prefix nobody else uses; `drop` removes it. */
export async function createClusterStore() {
  const created = await createServerDatabase('ob_cluster');
  const sql = new pg.Client({ connectionString: created.url });
  let connected = false;
  return {
    url: created.url,
    prefix: `ob-test-${randomBytes(6).toString('hex')}`,
    /** A query on the test's database (connected on first use). */
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
      if (!connected) {
        await sql.connect();
        connected = true;
      }
      return (await sql.query<T>(text, values)).rows;
    },
    async drop() {
      if (connected) await sql.end();
      await created.drop();
    },
  };
}

export interface ClusterNode {
  name: string;
  pid: number;
  /** http://127.0.0.1:port */
  base: string;
  child: ChildProcess;
  /** What the process printed (stdout and stderr), for failure messages. */
  output(): string;
  command<T = unknown>(cmd: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  /** Sends the signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    o?: { body?: unknown; token?: string; demo?: boolean },
  ): Promise<{ code: number; msg: string; result: T; field?: string }>;
}

/**
 * A server process on the store's database. Each has a DATA_DIR of its own, so all share one
 * SECRETS_KEY (the store's, else one named after its prefix), as an installation's processes must: one
 * with another key is refused at start (lib/secret-box.fingerprint.ts). `env` may set another.
 */
export async function startNode(
  name: string,
  store: { url: string; prefix: string; secretsKey?: string },
  env: Record<string, string> = {},
): Promise<ClusterNode> {
  const child = fork(NODE_FILE, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: store.url,
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: store.prefix,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO_USER: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DATA_DIR: path.join('/tmp', `${store.prefix}-${name}`),
      SECRETS_KEY: store.secretsKey ?? `${store.prefix}-secrets-key`,
      MARKET_FEED: 'off',
      MARKET_HISTORY_CANDLES: '0',
      TEST_DATABASE_URL: '',
      ...env,
    },
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), 60_000);
    child.on('message', (m: { ready?: boolean; port: number; pid: number }) => {
      if (m.ready) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${out}`));
    });
  });
  let seq = 0;
  const base = `http://127.0.0.1:${ready.port}`;
  return {
    name,
    pid: ready.pid,
    base,
    child,
    output: () => out,
    command<T>(cmd: Record<string, unknown>, timeoutMs = 10_000) {
      seq += 1;
      const id = seq;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: ${String(cmd.cmd)} timed out`)), timeoutMs);
        const onMessage = (m: { id?: number; result?: T; error?: string }) => {
          if (m.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve(m.result as T);
        };
        child.on('message', onMessage);
        child.send({ ...cmd, id });
      });
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { virtually: o.demo ? 'YES' : 'NO' };
      if (o.token) headers.authorization = o.token;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base}${url}`, {
        method,
        headers,
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      });
      return (await res.json()) as { code: number; msg: string; result: never; field?: string };
    },
  };
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Registers a user through a node's API as a person would (the code read from the outbox, as from
 * their mail) and answers their id, name and session token.
 */
export async function registerOnNode(
  store: { query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> },
  node: ClusterNode,
  username: string,
): Promise<{ id: number; username: string; token: string }> {
  const email = `${username}@example.com`;
  const sent = await node.call('POST', '/swx/customer/login/sendCode', {
    body: { channel: 'email', purpose: 'register', email },
  });
  if (sent.code !== 200) throw new Error(`sendCode: ${JSON.stringify(sent)}`);
  const [mail] = await store.query<{ body: string }>(
    'select body from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  const res = await node.call<{ token: string }>('POST', '/swx/customer/login/register', {
    body: { method: 'email', username, email, password: 'Secret123', code },
  });
  if (res.code !== 200) throw new Error(`register: ${JSON.stringify(res)}`);
  const [row] = await store.query<{ id: string }>('select id from users where username = $1', [username]);
  return { id: Number(row?.id), username, token: res.result.token };
}
