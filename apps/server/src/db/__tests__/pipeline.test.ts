import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, openTestDatabase } from '../../test/db.ts';
import { type Database, queryRows } from '../client.ts';
import { AfterCommitError, runPipelined } from '../pipeline.ts';
import { rawRows } from '../raw.ts';

describe.each(DRIVERS)('pipelined transactions on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.execute(sql`create table pipe_item (id bigserial primary key, name text not null unique)`);
    await database.db.execute(sql`insert into pipe_item (name) values ('seed')`);
  });
  afterAll(() => database.close());

  const names = async () =>
    (await queryRows<{ name: string }>(database.db, sql`select name from pipe_item order by id`)).map((r) => r.name);

  /** The transaction every case runs: lock the seed row, insert `name`, then a checked bundle. */
  const lockInsertBundle = (name: string, want: number) =>
    runPipelined(database.db, async (t) => {
      const locked = await t
        .first([
          { name: 'pipe_lock', text: 'select id, name from pipe_item where name = $1 for update', values: ['seed'] },
        ])
        .then((r) => r[0]);
      expect(locked).toEqual([{ id: expect.anything(), name: 'seed' }]);
      await rawRows(t.tx, 'pipe_insert', 'insert into pipe_item (name) values ($1) returning id', [name]);
      return t.last(
        [
          {
            name: 'more',
            text: 'insert into pipe_item (name) values ($1), ($2) returning id',
            values: [`${name}-1`, `${name}-2`],
          },
        ],
        ['more'],
        { more: want },
      );
    });

  it('commits the first, the middle and the last statement together', async () => {
    const res = await lockInsertBundle('a', 2);
    expect(res.counts).toEqual({ more: 2 });
    expect(res.ids.more).toHaveLength(2);
    expect(await names()).toEqual(['seed', 'a', 'a-1', 'a-2']);
  });

  it('commits nothing when the last statement’s check fails, and the connection serves on', async () => {
    await expect(lockInsertBundle('b', 3)).rejects.toThrow(/bundle part more wrote 2 rows, expected 3/);
    expect(await names()).toEqual(['seed', 'a', 'a-1', 'a-2']);
    // Every pooled connection is clean: nothing is left inside an aborted transaction.
    for (let i = 0; i < 12; i++) await lockInsertBundle(`c${i}`, 2);
    expect(await names()).toHaveLength(4 + 36);
  });

  it('commits nothing when the last statement fails or the function throws before it', async () => {
    const before = await names();
    await expect(
      runPipelined(database.db, async (t) => {
        await t
          .first([
            { name: 'pipe_lock', text: 'select id, name from pipe_item where name = $1 for update', values: ['seed'] },
          ])
          .then((r) => r[0]);
        await rawRows(t.tx, 'pipe_insert', 'insert into pipe_item (name) values ($1) returning id', ['d']);
        // A duplicate name: the unique key refuses the last statement.
        return t.last(
          [{ name: 'dup', text: 'insert into pipe_item (name) values ($1) returning id', values: ['a'] }],
          [],
          {},
        );
      }),
    ).rejects.toThrow();
    await expect(
      runPipelined(database.db, async (t) => {
        await t
          .first([
            { name: 'pipe_lock', text: 'select id, name from pipe_item where name = $1 for update', values: ['seed'] },
          ])
          .then((r) => r[0]);
        await rawRows(t.tx, 'pipe_insert', 'insert into pipe_item (name) values ($1) returning id', ['e']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(before);
  });

  it('says when the function failed after its transaction committed (its writes stand), and only then', async () => {
    const failure = await runPipelined(database.db, async (t) => {
      await t
        .first([
          { name: 'pipe_lock', text: 'select id, name from pipe_item where name = $1 for update', values: ['seed'] },
        ])
        .then((r) => r[0]);
      await t.last(
        [{ name: 'one', text: 'insert into pipe_item (name) values ($1) returning id', values: ['f'] }],
        [],
        {
          one: 1,
        },
      );
      throw new Error('after');
    }).catch((e: unknown) => e);
    if (driver === 'postgres') {
      expect(failure).toBeInstanceOf(AfterCommitError);
      expect(await names()).toContain('f');
    } else {
      // PGlite's transaction commits when the function returns: a failure before then rolls it back.
      expect(failure).not.toBeInstanceOf(AfterCommitError);
      expect(await names()).not.toContain('f');
    }
  });

  it('commits when the function ends without a last statement; refuses statements before the first', async () => {
    await runPipelined(database.db, async (t) => {
      await t
        .first([
          { name: 'pipe_insert_first', text: 'insert into pipe_item (name) values ($1) returning id', values: ['g'] },
        ])
        .then((r) => r[0]);
    });
    expect(await names()).toContain('g');
    if (driver === 'postgres') {
      await expect(runPipelined(database.db, async (t) => t.tx)).rejects.toThrow(/not open/);
    }
  });

  it('holds the first statement’s locks until the commit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const order: string[] = [];
    const slow = runPipelined(database.db, async (t) => {
      await t
        .first([
          { name: 'pipe_lock', text: 'select id, name from pipe_item where name = $1 for update', values: ['seed'] },
        ])
        .then((r) => r[0]);
      order.push('slow locked');
      await gate;
      order.push('slow commits');
      return t.last(
        [{ name: 'h', text: 'insert into pipe_item (name) values ($1) returning id', values: ['h'] }],
        [],
        {},
      );
    });
    await new Promise((r) => setTimeout(r, 50));
    const fast =
      driver === 'postgres'
        ? runPipelined(database.db, async (t) => {
            await t
              .first([
                {
                  name: 'pipe_lock',
                  text: 'select id, name from pipe_item where name = $1 for update',
                  values: ['seed'],
                },
              ])
              .then((r) => r[0]);
            order.push('fast locked');
          })
        : Promise.resolve();
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([slow, fast]);
    expect(order.slice(0, 2)).toEqual(['slow locked', 'slow commits']);
  });

  describe('the whole transaction in one write (only)', () => {
    const lock = {
      name: 'pipe_lock',
      text: 'select id, name from pipe_item where name = $1 for update',
      values: ['seed'],
    };

    it('answers the head as soon as it ran, while the rest waits on a lock, and commits both', async () => {
      const events: string[] = [];
      // Another transaction holds a row the second section updates: the head answers before it ends.
      const holder = database.url ? new pg.Client({ connectionString: database.url }) : undefined;
      if (holder) {
        await holder.connect();
        await holder.query(`insert into pipe_item (name) values ('held') on conflict do nothing`);
        await holder.query('begin');
        await holder.query(`select 1 from pipe_item where name = 'held' for update`);
      }
      const res = runPipelined(database.db, (t) =>
        t.only(
          [lock],
          {
            parts: [
              {
                name: 'touch',
                text: `update pipe_item set name = name where name in ('held', 'seed') returning id`,
                values: [],
              },
              { name: 'one', text: 'insert into pipe_item (name) values ($1) returning id', values: ['only-1'] },
            ],
            idParts: ['one'],
            expect: { one: 1 },
          },
          (rows) => events.push(`head ${rows.length} ${rows[0]?.length}`),
        ),
      ).then((r) => {
        events.push('committed');
        return r;
      });
      await new Promise((r) => setTimeout(r, 100));
      if (holder) {
        const seen = [...events];
        await holder.query('commit');
        await holder.end();
        expect(seen).toEqual(['head 1 1']);
      }
      const r = await res;
      expect(events).toEqual(['head 1 1', 'committed']);
      expect(r.ids.one).toHaveLength(1);
      expect(await names()).toContain('only-1');
    });

    it('fails whole when the head fails, when the rest fails, or when a check fails; the connections serve on', async () => {
      const before = await names();
      const failing = {
        name: 'pipe_fail',
        text: 'select 1 / (id - id) from pipe_item where name = $1',
        values: ['seed'],
      };
      let headSeen = 0;
      await expect(
        runPipelined(database.db, (t) =>
          t.only(
            [failing],
            {
              parts: [{ name: 'x', text: 'insert into pipe_item (name) values ($1) returning id', values: ['only-x'] }],
              idParts: [],
              expect: {},
            },
            () => {
              headSeen += 1;
            },
          ),
        ),
      ).rejects.toThrow(/division by zero/);
      expect(headSeen).toBe(0);
      await expect(
        runPipelined(database.db, (t) =>
          t.only(
            [lock],
            {
              parts: [{ name: 'y', text: 'insert into pipe_item (name) values ($1) returning id', values: ['only-y'] }],
              idParts: [],
              expect: { y: 2 },
            },
            () => {
              headSeen += 1;
            },
          ),
        ),
      ).rejects.toThrow(/bundle part y wrote 1 rows, expected 2/);
      expect(headSeen).toBe(1);
      expect(await names()).toEqual(before);
      for (let i = 0; i < 12; i++) {
        await runPipelined(database.db, (t) =>
          t.only(
            [lock],
            {
              parts: [
                { name: 'z', text: 'insert into pipe_item (name) values ($1) returning id', values: [`only-z${i}`] },
              ],
              idParts: [],
              expect: { z: 1 },
            },
            () => undefined,
          ),
        );
      }
      expect((await names()).filter((n) => n.startsWith('only-z'))).toHaveLength(12);
    });
  });
});
