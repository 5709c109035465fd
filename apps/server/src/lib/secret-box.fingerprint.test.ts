import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { type ClusterNode, createClusterStore, REDIS_URL, startNode } from '../test/cluster.ts';
import { DRIVERS, openTestDatabase, PG_URL } from '../test/db.ts';
import { ManualClock } from './clock.ts';
import { checkKeyFingerprint, SecretKeyMismatchError } from './secret-box.fingerprint.ts';
import { keyFingerprint, MASTER_KEY_FILE } from './secret-box.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-fingerprint-'));
  cleanups.push(() => fs.promises.rm(dir, { recursive: true, force: true }));
  return dir;
};

async function database(driver: (typeof DRIVERS)[number]) {
  const db = await openTestDatabase(driver);
  cleanups.push(() => db.close());
  return db;
}

/** A process's app on the database: SECRETS_KEY, or none (a key file in its own DATA_DIR). */
async function processOn(
  db: Database,
  secretsKey: string | undefined,
  dataDir = tempDir(),
  roles?: ('api' | 'feed' | 'engine' | 'jobs')[],
) {
  const { app } = await buildApp({
    config: {
      MAIL_FROM: 'test@localhost',
      SESSION_TTL_HOURS: 24,
      SMTP_URL: undefined,
      WEB_DIST: '/nonexistent',
      SECRETS_KEY: secretsKey,
      dataDir,
      ...(roles ? { ROLES: roles } : {}),
    },
    database: db,
    clock: new ManualClock(new Date()),
    market: { feed: 'off', historyCandles: 0 },
  });
  cleanups.push(() => app.close());
  return app;
}

const stored = async (db: Database) =>
  (
    (await db.db.execute(sql`select fingerprint from secret_key_fingerprint`)) as unknown as {
      rows: { fingerprint: string }[];
    }
  ).rows;

describe('the master key fingerprint', () => {
  it('is the same for the same key only, and reveals nothing of it', () => {
    expect(keyFingerprint('key one')).toBe(keyFingerprint('key one'));
    expect(keyFingerprint('key one')).not.toBe(keyFingerprint('key two'));
    expect(keyFingerprint('key one')).toMatch(/^[\w-]{43}$/);
    expect(keyFingerprint('key one')).not.toContain('key');
  });
});

describe.each(DRIVERS)('one master key per database on %s', (driver) => {
  it('a process with the same key starts; one with another key is refused, naming SECRETS_KEY', async () => {
    const db = await database(driver);
    const key = randomBytes(32).toString('base64');
    await (await processOn(db, key)).ready();
    expect(await stored(db)).toEqual([{ fingerprint: keyFingerprint(key) }]);
    // Another process, another DATA_DIR, the same SECRETS_KEY: starts.
    await (await processOn(db, key)).ready();

    // Another SECRETS_KEY: refused before serving.
    const other = await processOn(db, 'another key');
    await expect(other.ready()).rejects.toThrow(SecretKeyMismatchError);
    await expect((await processOn(db, 'another key')).ready()).rejects.toThrow(
      /^SECRETS_KEY: this process's master key for secrets at rest \(from SECRETS_KEY\) is not the one/,
    );
    // No SECRETS_KEY and a DATA_DIR of its own (a key file of its own): refused, naming the file.
    const dir = tempDir();
    await expect((await processOn(db, undefined, dir)).ready()).rejects.toThrow(
      new RegExp(`^SECRETS_KEY: .*\\(from ${path.join(dir, MASTER_KEY_FILE).replace(/[.]/g, '\\.')}\\)`),
    );
    // The stored fingerprint stays the first one.
    expect(await stored(db)).toEqual([{ fingerprint: keyFingerprint(key) }]);
  }, 60_000);

  it('processes starting together for the first time agree on one key', async () => {
    const db = await database(driver);
    const clock = new ManualClock(new Date());
    const same = { fingerprint: keyFingerprint('the key'), keySource: 'SECRETS_KEY' };
    await Promise.all(Array.from({ length: 6 }, () => checkKeyFingerprint(db.db, same, clock)));
    expect(await stored(db)).toEqual([{ fingerprint: same.fingerprint }]);

    // Two whole processes at once, with one key: both start (one without the jobs role: pg-boss's own
    // first start is not safe to run twice at once).
    const fresh = await database(driver);
    const [a, b] = [await processOn(fresh, 'shared key'), await processOn(fresh, 'shared key', tempDir(), ['api'])];
    await Promise.all([a.ready(), b.ready()]);
    expect(await stored(fresh)).toEqual([{ fingerprint: keyFingerprint('shared key') }]);

    // Different keys at once: exactly one is the installation's, the others are refused.
    const third = await database(driver);
    const keys = ['k1', 'k2', 'k3', 'k4'];
    const results = await Promise.allSettled(
      keys.map((k) =>
        checkKeyFingerprint(third.db, { fingerprint: keyFingerprint(k), keySource: 'SECRETS_KEY' }, clock),
      ),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [keys[i]!] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(SecretKeyMismatchError);
    expect(await stored(third)).toEqual([{ fingerprint: keyFingerprint(won[0]!) }]);
  }, 60_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('server processes on one PostgreSQL', () => {
  const running: ClusterNode[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((n) => n.kill('SIGKILL')));
  });

  it('start with one SECRETS_KEY and their own DATA_DIRs; one with another key exits naming SECRETS_KEY', async () => {
    const s = await createClusterStore();
    cleanups.push(() => s.drop());
    // Together (the second without the jobs role: pg-boss's own first start is not safe to run twice at once).
    const [a, b] = await Promise.all([startNode('a', s), startNode('b', s, { ROLES: 'api,feed,engine' })]);
    running.push(a, b);
    expect((await s.query<{ n: string }>('select count(*) as n from secret_key_fingerprint'))[0]?.n).toBe('1');
    await expect(startNode('c', s, { SECRETS_KEY: 'not the installation key' })).rejects.toThrow(
      /exited \(1\) before it was ready:[\s\S]*SECRETS_KEY: this process's master key/,
    );
  }, 120_000);
});
