import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle that runs queries: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL (leases hold a connection of their own); absent on PGlite. */
  url?: string;
  /**
   * Raw SQL for a library that brings its own (pg-boss): `values` bind $1, $2 …; without values the
   * text may hold several statements, even its own BEGIN … COMMIT (rolled back if one fails).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// numeric and bigint come back as strings from node-postgres already; keep them that way (exact).

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server; absent → embedded PGlite. */
  url?: string | undefined;
  /** Directory for PGlite's files; absent with no url → in-memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
  /**
   * In-memory PGlite only: start from this dump of an already migrated data directory (`dumpDataDir`)
   * instead of an empty one (tests open hundreds of databases; this skips initdb and the migrations).
   */
  template?: Blob | File;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateExclusively(pool, () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }));
    const executeSql = async (text: string, values?: unknown[]) => {
      if (values?.length) return pool.query(text, values);
      // One connection, returned clean: a failed statement inside the text's own BEGIN would
      // otherwise leave it in an aborted transaction.
      const conn = await pool.connect();
      let broken: Error | undefined;
      try {
        const res = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(res) ? (res.at(-1) ?? { rows: [] }) : res;
      } catch (err) {
        await conn.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
        throw err;
      } finally {
        conn.release(broken);
      }
    };
    return { db, driver: 'postgres', url: opts.url, executeSql, close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite(opts.template ? { loadDataDir: opts.template } : undefined);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values?.length) return client.query(text, values);
    // Several statements run in PGlite's own transaction wrapper, which rolls back on failure:
    // the one connection must never be left inside an aborted transaction.
    const results = await client.transaction((tx) => tx.exec(text));
    return results.at(-1) ?? { rows: [] };
  };
  return { db, driver: 'pglite', executeSql, close: () => client.close() };
}

/** Any constant: the advisory lock that server processes take to migrate one at a time. */
const MIGRATION_LOCK = 7_350_001;

/**
 * Several processes starting on one fresh database would run the same migrations at once (the
 * second fails on "relation already exists"): each takes a session advisory lock first, so the
 * next one finds the migrations applied.
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>) {
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    conn.release();
  }
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const res = (await exec.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
