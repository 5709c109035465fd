import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, openTestDatabase } from '../../test/db.ts';
import { type Database, queryRows } from '../client.ts';
import { runBundle } from '../raw.ts';

describe.each(DRIVERS)('bundles of statements on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.execute(sql`create table bundle_parent (id bigserial primary key, name text not null unique)`);
    await database.db.execute(
      sql`create table bundle_child (id bigserial primary key, parent_id bigint not null references bundle_parent(id),
            amount numeric not null check (amount >= 0))`,
    );
  });
  afterAll(() => database.close());

  const count = async (table: 'bundle_parent' | 'bundle_child') =>
    Number((await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

  it('runs every part in one statement, numbering each part’s parameters after the ones before', async () => {
    const counts = await database.db.transaction((tx) =>
      runBundle(tx, [
        {
          name: 'parents',
          text: 'insert into bundle_parent (name) values ($1), ($2) returning id, name',
          values: ['a', 'b'],
        },
        // A later part reads an earlier part's rows by its name; the foreign key holds.
        {
          name: 'children',
          text: `insert into bundle_child (parent_id, amount)
                 select p.id, v.a from parents p join (values ($1::text, $2::numeric), ($3, $4)) as v(n, a) on v.n = p.name
                 returning 1`,
          values: ['a', '1.5', 'b', '2'],
        },
        { name: 'nothing', text: 'select 1 where $1::int = 0', values: [1] },
      ]),
    );
    expect(counts).toEqual({ parents: 2, children: 2, nothing: 0 });
    expect(await count('bundle_parent')).toBe(2);
    expect(await count('bundle_child')).toBe(2);
  });

  it('writes nothing of any part when one fails', async () => {
    const before = [await count('bundle_parent'), await count('bundle_child')];
    await expect(
      runBundle(database.db, [
        { name: 'parents', text: 'insert into bundle_parent (name) values ($1) returning id', values: ['c'] },
        {
          name: 'children',
          text: 'insert into bundle_child (parent_id, amount) select id, $1::numeric from parents returning 1',
          values: ['-1'],
        },
      ]),
    ).rejects.toThrow();
    expect([await count('bundle_parent'), await count('bundle_child')]).toEqual(before);
  });

  it('refuses a part name that is not a plain identifier', async () => {
    await expect(runBundle(database.db, [{ name: 'x; drop table y', text: 'select 1', values: [] }])).rejects.toThrow(
      /bad bundle part name/,
    );
  });
});
