import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../db/client.ts';

/**
 * Test databases. PGlite always; PostgreSQL too when TEST_DATABASE_URL (or DATABASE_URL) names a
 * server: each call creates a fresh database there and drops it on close, so runs never collide
 * and leave nothing behind.
 *
 * Both start from a migrated template made once per set of migrations (a PGlite data directory dump
 * in the temporary folder; a template database on the server): a test file opens a ready database in
 * a fraction of the time that initdb and thirty-odd migrations take.
 */
export type Driver = 'pglite' | 'postgres';

export const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export const DRIVERS: Driver[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Names the migrations as they stand: a changed or added migration makes new templates. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

let key: string | undefined;
const templateKey = () => {
  key ??= migrationsKey();
  return key;
};

async function adminQuery(statement: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    return await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh database on the test server (named `<prefix>_<time>_<random>`): its URL and how to drop it. */
export async function createServerDatabase(
  prefix: string,
  opts: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {}) };
}

/** Any constant: the advisory lock test processes take to build the server's template once. */
const TEMPLATE_LOCK = 7_350_002;

let serverTemplate: Promise<string> | undefined;

/**
 * The migrated template database on the test server (`ob_tpl_<migrations key>`), built once by
 * whichever test process comes first; marked a template only when complete, so a build that died
 * half-way is built again. Templates of older migrations are dropped.
 */
function pgTemplate(): Promise<string> {
  serverTemplate ??= (async () => {
    const name = `ob_tpl_${templateKey()}`;
    const ready = async () =>
      (await adminQuery(`select 1 from pg_database where datname = '${name}' and datistemplate`)).rowCount === 1;
    if (await ready()) return name;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      if (await ready()) return name;
      // Older templates go, unless another run is copying one right now (it stays, still a template).
      const old = await admin.query(`select datname, datistemplate from pg_database where datname like 'ob\\_tpl\\_%'`);
      for (const row of old.rows as { datname: string; datistemplate: boolean }[]) {
        await admin.query(`ALTER DATABASE ${row.datname} WITH IS_TEMPLATE false`).catch(() => undefined);
        const dropped = await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).then(
          () => true,
          () => false,
        );
        if (!dropped && row.datistemplate && row.datname !== name) {
          await admin.query(`ALTER DATABASE ${row.datname} WITH IS_TEMPLATE true`).catch(() => undefined);
        }
      }
      if (!(await ready())) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(PG_URL as string);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 2 });
      await database.close();
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
  })();
  serverTemplate.catch(() => {
    serverTemplate = undefined;
  });
  return serverTemplate;
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * The file holding a dump of a migrated PGlite data directory (a tar of the directory's contents),
 * kept in the temporary folder under the migrations key and PGlite's version, and made by the first
 * process that needs it: written whole to a name of its own, then renamed, so no reader sees half.
 * The browser journeys unpack it into a server's DATA_DIR; the API tests load it into memory.
 */
export function pgliteTemplateFile(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const dir = path.join(os.tmpdir(), 'openbourse-test-templates');
    const file = path.join(dir, `pglite-${pgliteVersion()}-${templateKey()}.tar`);
    if (fs.existsSync(file)) return file;
    const database = await openDatabase({});
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  })();
  pgliteTemplate.catch(() => {
    pgliteTemplate = undefined;
  });
  return pgliteTemplate;
}

let pgliteBytes: Blob | undefined;

async function pgliteDump(): Promise<Blob> {
  pgliteBytes ??= new Blob([fs.readFileSync(await pgliteTemplateFile())]);
  return pgliteBytes;
}

/** PGlite's own version: a dump is only loaded by the PGlite that wrote it. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openDatabase({ template: await pgliteDump() });
  const created = await createServerDatabase('ob_test', { template: await pgTemplate() });
  const database = await openDatabase({ url: created.url, poolSize: 20, onPoolError: () => undefined });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
