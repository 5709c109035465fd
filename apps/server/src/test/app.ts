import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { TrustProxy } from '../config.ts';
import type { ClientLimits } from '../modules/auth/auth.routes.ts';
import type { Database } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import type { FileStoreConfig } from '../modules/files/files.routes.ts';
import { outbox } from '../modules/mail/mail.tables.ts';
import { seedPlatform } from '../seed.ts';
import { type Driver, openTestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  /** A fresh temporary DATA_DIR (uploads go to its `files` folder), removed on close. */
  dataDir: string;
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      query?: Record<string, string>;
      /** The client's socket address (default 127.0.0.1). */
      remoteAddress?: string;
    },
  ): Promise<{ status: number; body: { code: number; msg: string; result: T; msgCode?: number; field?: string } }>;
  /** The newest 6-digit code sent to an address, read from the outbox as a user reads their mail. */
  lastCode(recipient: string): Promise<string>;
  close(): Promise<void>;
}

const LIFTED = { windowMs: 60_000, max: 1_000_000 };
export const LIFTED_CLIENT_LIMITS: ClientLimits = {
  login: LIFTED,
  check: LIFTED,
  codes: LIFTED,
  registrations: LIFTED,
  resets: LIFTED,
};

export async function createTestApp(
  driver: Driver,
  opts: {
    seedDemo?: boolean;
    market?: Parameters<typeof buildApp>[0]['market'];
    authLimits?: Parameters<typeof buildApp>[0]['authLimits'];
    trustProxy?: TrustProxy;
    /** Where uploads go (e.g. S3_* settings) over the temporary data directory. */
    files?: FileStoreConfig;
    /** Watchlist caps over the defaults. */
    watchlist?: Parameters<typeof buildApp>[0]['watchlist'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(driver);
  const clock = new ManualClock(new Date());
  const dataDir = path.join(os.tmpdir(), `ob-test-${randomBytes(6).toString('hex')}`);
  const { app, services } = await buildApp({
    config: {
      MAIL_FROM: 'test@localhost',
      SESSION_TTL_HOURS: 24,
      SMTP_URL: undefined,
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: opts.trustProxy ?? false,
      dataDir,
      ...opts.files,
    },
    database,
    clock,
    // No background feed and no generated history unless a test asks: ticks come from publishTick.
    market: opts.market ?? { feed: 'off', historyCandles: 0 },
    // Every test client is 127.0.0.1: per-client limits are lifted unless a test sets its own;
    // the per-account login guard and the per-address code limit stay as in production.
    authLimits: opts.authLimits ?? { client: LIFTED_CLIENT_LIMITS },
    ...(opts.watchlist ? { watchlist: opts.watchlist } : {}),
    // Jobs run only when a test calls runOnce: the test clock is not the wall clock, and a pass in
    // the background would run the day's jobs at a moment no test chose (the daily VIP levels run
    // rewrote levels a test had just set, and its discount went missing).
    jobs: { pollMs: 0, maintenanceSeconds: 0 },
  });
  await seedPlatform(
    services,
    database.db,
    opts.seedDemo ? { username: 'demo', email: 'demo@openbourse.local', password: 'Demo12345' } : null,
  );
  await app.ready();
  return {
    app,
    database,
    clock,
    services,
    dataDir,
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = o.token;
      const req: InjectOptions = { method, url, headers };
      if (o.query) req.query = o.query;
      if (o.remoteAddress) req.remoteAddress = o.remoteAddress;
      if (o.body !== undefined) req.payload = o.body as InjectOptions['payload'];
      const res = await app.inject(req);
      return { status: res.statusCode, body: res.json() };
    },
    async lastCode(recipient) {
      const [row] = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, recipient))
        .orderBy(desc(outbox.id))
        .limit(1);
      const m = row ? /\b(\d{6})\b/.exec(row.body) : null;
      if (!m) throw new Error(`no code sent to ${recipient}`);
      return m[1] as string;
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
/** Registers a fresh user by email through the API and returns its token. */
export async function registerUser(t: TestApp, name?: string) {
  seq += 1;
  const username = name ?? `user${Date.now().toString(36)}${seq}`;
  const email = `${username.toLowerCase()}@example.com`;
  const sent = await t.call('POST', '/swx/customer/login/sendCode', {
    body: { channel: 'email', purpose: 'register', email },
  });
  if (sent.body.code !== 200) throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
  const code = await t.lastCode(email);
  const res = await t.call<{ token: string; user: { id: number } }>('POST', '/swx/customer/login/register', {
    body: { method: 'email', username, email, password: 'Secret123', code },
  });
  if (res.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { username, email, password: 'Secret123', token: res.body.result.token, id: res.body.result.user.id };
}
