import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { createServerDatabase, DRIVERS, type Driver, openTestDatabase } from '../../../test/db.ts';
import { createParamsService } from '../params.service.ts';
import { params } from '../params.tables.ts';

/** The data migration under test: down_url's old default follows the new one. */
const TAG = '0035_down_url_download';
const OLD_DEFAULT = '/introduction#app';
const OLD_DESCRIPTION =
  'Android app download link (an APK URL or store page; the default explains installing the web app)';
const NEW_DESCRIPTION = 'App download link: an APK URL or store page; the default /download installs the web app';

/** A copy of the migrations folder that ends just before `tag`: a database as an older release left it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`migration ${tag} not in the journal`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}

const INSERT = `insert into params (key, value, description, is_public, updated_at) values ('down_url', $1, $2, true, now())`;

/**
 * A database migrated up to the migration under test with `down_url` as an older release stored it,
 * then opened as the server opens it (which applies the remaining migrations).
 */
async function upgraded(driver: Driver, folder: string, value: string): Promise<Database> {
  if (driver === 'pglite') {
    const client = new PGlite();
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: folder });
    await client.query(INSERT, [value, OLD_DESCRIPTION]);
    const dump = await client.dumpDataDir('none');
    await client.close();
    return openDatabase({ template: dump });
  }
  const created = await createServerDatabase('ob_upgrade');
  const pool = new pg.Pool({ connectionString: created.url, max: 2 });
  try {
    await migratePg(drizzlePg(pool) as never, { migrationsFolder: folder });
    await pool.query(INSERT, [value, OLD_DESCRIPTION]);
  } finally {
    await pool.end();
  }
  const database = await openDatabase({ url: created.url, poolSize: 2, onPoolError: () => undefined });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

async function downUrl(database: Database) {
  const [row] = await database.db
    .select({ value: params.value, description: params.description })
    .from(params)
    .where(eq(params.key, 'down_url'));
  return row;
}

describe.each(DRIVERS)('down_url upgrade (%s)', (driver) => {
  let folder: string;
  const opened: Database[] = [];
  const open = async (value: string) => {
    const database = await upgraded(driver, folder, value);
    opened.push(database);
    return database;
  };

  beforeAll(() => {
    folder = migrationsBefore(TAG);
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('moves an install still on the old default to /download, with the new description', async () => {
    const database = await open(OLD_DEFAULT);
    expect(await downUrl(database)).toEqual({ value: '/download', description: NEW_DESCRIPTION });
    // The seed on start adds what is missing and changes nothing here.
    const service = createParamsService({ db: database.db, clock: new ManualClock('2026-12-01T00:00:00Z') });
    await service.seed(database.db);
    expect(await service.get('down_url')).toBe('/download');
  });

  it('leaves a link an operator set', async () => {
    const database = await open('https://apps.example.com/openbourse.apk');
    expect(await downUrl(database)).toEqual({
      value: 'https://apps.example.com/openbourse.apk',
      description: NEW_DESCRIPTION,
    });
  });

  it('gives a new install /download from the seed', async () => {
    const database = await openTestDatabase(driver);
    opened.push(database);
    expect(await downUrl(database)).toBeUndefined();
    const service = createParamsService({ db: database.db, clock: new ManualClock('2026-12-01T00:00:00Z') });
    await service.seed(database.db);
    expect(await downUrl(database)).toEqual({ value: '/download', description: NEW_DESCRIPTION });
  });
});
