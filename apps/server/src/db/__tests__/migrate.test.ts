import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../client.ts';
import { PG_URL } from '../../test/db.ts';

describe.runIf(PG_URL)('migrations on PostgreSQL', () => {
  it('several processes starting at once on a fresh database migrate it once, without a clash', async () => {
    const name = `ob_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL as string);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ url: url.toString(), poolSize: 3, onPoolError: () => undefined })),
      );
      const { rows } = await opened[0]!.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect((rows[0] as { n: number }).n).toBeGreaterThan(5);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
