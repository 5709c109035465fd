import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createServerDatabase, PG_URL } from '../../../test/db.ts';
import { createBatchRunner } from '../spot.chain.ts';
import { spotRepository as repo } from '../spot.repository.ts';

interface Cmd {
  n: number;
  answer?: string | Error;
  resolve(a: string | Error): void;
}

const cmd = (n: number): Cmd => {
  const c: Cmd = {
    n,
    resolve(a) {
      c.answer = a;
    },
  };
  return c;
};

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A fake transaction per batch, ended by the test: it records what the runner does and when. */
function harness(depth: number) {
  const queue: Cmd[] = [];
  const events: string[] = [];
  const open: { batch: number[]; plan(): void; commit(): void; fail(e?: Error): void }[] = [];
  let reloads = 0;
  const runner = createBatchRunner<Cmd, string>({
    queue,
    depth,
    maxBatch: 4,
    stats: { batches: 0, commands: 0 },
    log: { error: () => undefined, warn: () => undefined },
    write(batch, alone, planned) {
      const ns = batch.map((c) => c.n);
      events.push(`${alone ? 'alone' : 'write'} ${ns.join(',')}`);
      return new Promise((resolve, reject) => {
        open.push({
          batch: ns,
          plan: () => planned?.(),
          commit: () => resolve(ns.map((x) => `ok ${x}`)),
          fail: (e = new Error('batch failed')) => reject(e),
        });
      });
    },
    ensureLoaded: async () => undefined,
    reload: async () => {
      reloads += 1;
      events.push('reload');
    },
    stopped: () => false,
  });
  return { queue, events, open, runner, reloads: () => reloads };
}

describe('the batch runner', () => {
  it('sends the next batch once the one before has sent its bundle, and answers each as soon as it committed', async () => {
    const h = harness(3);
    const first = [cmd(1), cmd(2)];
    h.queue.push(...first);
    const running = h.runner.run();
    await tick();
    expect(h.events).toEqual(['write 1,2']);
    const later = [cmd(3), cmd(4)];
    h.queue.push(...later);
    h.runner.wake();
    await tick();
    // Batch 1 has not sent its bundle: batch 2 must not be matched against a book still changing.
    expect(h.events).toEqual(['write 1,2']);
    h.open[0]?.plan();
    await tick();
    expect(h.events).toEqual(['write 1,2', 'write 3,4']);
    h.queue.push(cmd(5));
    h.runner.wake();
    h.open[1]?.plan();
    await tick();
    // Three in flight: a fourth waits for the first to end.
    expect(h.events).toEqual(['write 1,2', 'write 3,4', 'write 5']);
    h.queue.push(cmd(6));
    h.runner.wake();
    h.open[2]?.plan();
    await tick();
    expect(h.events).toHaveLength(3);
    h.open[0]?.commit();
    await tick();
    await tick();
    expect(first.map((c) => c.answer)).toEqual(['ok 1', 'ok 2']);
    expect(h.events.at(-1)).toBe('write 6');
    expect(later.map((c) => c.answer)).toEqual([undefined, undefined]);
    for (const i of [1, 2]) h.open[i]?.commit();
    h.open[3]?.plan();
    h.open[3]?.commit();
    await running;
    expect(later.map((c) => c.answer)).toEqual(['ok 3', 'ok 4']);
  });

  it('starts the next batch behind one in flight as soon as a command arrives', async () => {
    const h = harness(2);
    h.queue.push(cmd(1));
    const running = h.runner.run();
    await tick();
    h.open[0]?.plan();
    await tick();
    // Nothing queued: the runner waits for batch 1 to end or for a command.
    h.queue.push(cmd(2));
    h.runner.wake();
    await tick();
    expect(h.events).toEqual(['write 1', 'write 2']);
    h.open[0]?.commit();
    h.open[1]?.plan();
    h.open[1]?.commit();
    await running;
  });

  it('keeps one batch at a time at depth 1', async () => {
    const h = harness(1);
    h.queue.push(cmd(1));
    const running = h.runner.run();
    await tick();
    h.queue.push(cmd(2));
    h.open[0]?.plan();
    await tick();
    expect(h.events).toEqual(['write 1']);
    h.open[0]?.commit();
    await tick();
    expect(h.events).toEqual(['write 1', 'write 2']);
    h.open[1]?.plan();
    h.open[1]?.commit();
    await running;
  });

  it('after a failed batch: its successor fails with it, the book is read again, its commands go one by one, the successor’s after them', async () => {
    const h = harness(2);
    const first = [cmd(1), cmd(2)];
    const second = [cmd(3)];
    h.queue.push(...first);
    const running = h.runner.run();
    await tick();
    h.queue.push(...second);
    h.open[0]?.plan();
    await tick();
    expect(h.events).toEqual(['write 1,2', 'write 3']);
    h.open[0]?.fail();
    await tick();
    // Nothing is read again while the successor is in flight (it would be matched against a book being replaced).
    expect(h.events).toEqual(['write 1,2', 'write 3']);
    h.open[1]?.fail(new Error('the batch before failed'));
    for (let i = 0; i < 5; i++) await tick();
    expect(h.events).toEqual(['write 1,2', 'write 3', 'reload', 'alone 1']);
    h.open[2]?.commit();
    await tick();
    expect(h.events.at(-1)).toBe('alone 2');
    h.open[3]?.fail(new Error('this one’s own problem'));
    for (let i = 0; i < 5; i++) await tick();
    // The successor's command was not its own problem: it goes in the next batch, not alone.
    expect(h.events.slice(-2)).toEqual(['reload', 'write 3']);
    h.open[4]?.plan();
    h.open[4]?.commit();
    await running;
    expect(first.map((c) => String(c.answer))).toEqual(['ok 1', 'Error: this one’s own problem']);
    expect(second[0]?.answer).toBe('ok 3');
  });
});

describe.skipIf(!PG_URL)('the book’s batch number on postgres', () => {
  it('makes a batch wait for the one before at its bundle, whichever reaches the database first, and fail when that one rolled back', async () => {
    const database = await createServerDatabase('spot_chain');
    const a = new pg.Client({ connectionString: database.url });
    const b = new pg.Client({ connectionString: database.url });
    await a.connect();
    await b.connect();
    try {
      await a.query(
        'create table spot_book_chain (pair_id int, mode text, slot smallint, batch bigint, primary key (pair_id, mode, slot))',
      );
      await a.query(`insert into spot_book_chain values (1, 'real', 0, 0), (1, 'real', 1, -2), (1, 'real', 2, -1)`);
      await a.query(`create function ob_expect(got bigint, want bigint, what text) returns bigint language plpgsql as $$
        begin if got is distinct from want then raise exception '% is %, expected %', what, got, want; end if; return got; end $$`);
      const run = async (c: pg.Client, st: { text: string; values: readonly unknown[] }) =>
        (await c.query(st.text, [...st.values])).rows;
      const settled = <T>(p: Promise<T>) => {
        const out = { done: false, value: undefined as T | undefined, error: '' };
        p.then(
          (v) => Object.assign(out, { done: true, value: v }),
          (e: Error) => Object.assign(out, { done: true, error: e.message }),
        );
        return out;
      };
      const pause = () => new Promise((r) => setTimeout(r, 100));

      // Batch 1 (a) and batch 2 (b) lock their slots without waiting for each other.
      await a.query('begin');
      await run(a, repo.slotStatement(1, 'real', 1));
      await b.query('begin');
      await run(b, repo.slotStatement(1, 'real', 2));
      // Batch 2's statement reaches the database before batch 1's: it waits all the same.
      const second = settled(run(b, repo.chainStatement(1, 'real', 2)));
      await pause();
      expect(second).toMatchObject({ done: false });
      expect(await run(a, repo.chainStatement(1, 'real', 1))).toEqual([{ batch: '1' }]);
      await pause();
      expect(second.done).toBe(false);
      await a.query('commit');
      await pause();
      expect(second).toMatchObject({ done: true, error: '' });
      await b.query('commit');

      // Batch 3 rolls back: batch 4, behind it, fails.
      await a.query('begin');
      await run(a, repo.slotStatement(1, 'real', 3));
      await b.query('begin');
      await run(b, repo.slotStatement(1, 'real', 4));
      const fourth = settled(run(b, repo.chainStatement(1, 'real', 4)));
      await run(a, repo.chainStatement(1, 'real', 3));
      await a.query('rollback');
      await pause();
      expect(fourth.error).toMatch(/spot batch before is 0, expected 3/);
      await b.query('rollback');
    } finally {
      await a.end();
      await b.end();
      await database.drop();
    }
  });
});
