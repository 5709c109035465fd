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

export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openDatabase({});
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ob_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20, onPoolError: () => undefined });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
