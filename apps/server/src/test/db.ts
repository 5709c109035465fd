import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * Test databases. PGlite always; PostgreSQL too when TEST_DATABASE_URL (or DATABASE_URL) names a
 * server: each call creates a fresh database there and drops it on close, so runs never collide
 * and leave nothing behind.
 */
export type Driver = 'pglite' | 'postgres';

export const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export const DRIVERS: Driver[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh database on the test server (named `<prefix>_<time>_<random>`): its URL and how to drop it. */
export async function createServerDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const serverUrl = PG_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openDatabase({});
  const created = await createServerDatabase('ob_test');
  const database = await openDatabase({ url: created.url, poolSize: 20, onPoolError: () => undefined });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
