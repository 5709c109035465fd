import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { openTestDatabase, PG_URL } from '../../../test/db.ts';
import { createJobs, type JobContext, type Jobs } from '../jobs.service.ts';

const PROCESSES = 4;
const ROUNDS = 3;
const ONE_OFFS = ['start.a', 'start.b', 'start.c', 'start.d', 'start.e'];

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(t));
}

// Several processes with the jobs role starting at once on a new PostgreSQL database: pg-boss's
// schema and queues are created by one of them, the others wait their turn.
describe.skipIf(!PG_URL)('jobs start-up on postgres', () => {
  let open: Database[] = [];
  let started: Jobs[] = [];

  afterEach(async () => {
    for (const j of started) await j.stop().catch(() => undefined);
    for (const d of open.reverse()) await d.close().catch(() => undefined);
    started = [];
    open = [];
  });

  it(
    'starts several processes at once on a fresh database, queues and runs created once',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const first = await openTestDatabase('postgres');
        open.push(first);
        const databases = [first];
        for (let i = 1; i < PROCESSES; i++) {
          // A process of its own: its own pool on the same database.
          const d = await openDatabase({ url: first.url as string, poolSize: 4 });
          open.push(d);
          databases.push(d);
        }
        const clock = new ManualClock('2026-01-01T00:00:00Z');
        const seen: JobContext[] = [];
        const processes = databases.map((database) => {
          const jobs = createJobs({ database, clock, options: { pollMs: 0, maintenanceSeconds: 0 } });
          jobs.define('start.hourly', { every: 'hour', handler: (ctx) => void seen.push(ctx) });
          for (const name of ONE_OFFS) jobs.define(name, { handler: (ctx) => void seen.push(ctx) });
          return jobs;
        });

        const results = await within(
          Promise.allSettled(processes.map((j) => j.start())),
          30_000,
          `round ${round}: starting ${PROCESSES} processes`,
        );
        for (const j of processes) started.push(j);
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

        const queues = await queryRows<{ name: string; policy: string }>(
          first.db,
          sql`select name, policy from pgboss.queue where name like 'start.%' order by name`,
        );
        expect(queues).toEqual([
          ...ONE_OFFS.map((name) => ({ name, policy: 'standard' })),
          { name: 'start.hourly', policy: 'singleton' },
        ]);
        const versions = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from pgboss.version`);
        expect(versions[0]?.n).toBe(1);

        // Every process schedules and works: the current hour and a one-off sent afterwards run once.
        expect(await processes[0]?.runAt('start.c', clock.now(), { key: 'once' })).toBe(true);
        await Promise.all(processes.map((j) => j.runOnce()));
        for (let i = 0; i < 5 && seen.length < 2; i++) await Promise.all(processes.map((j) => j.runOnce()));
        expect(seen.map((c) => c.key).sort()).toEqual(['start.c:once', 'start.hourly:2026-01-01T00']);
        const runs = await processes[0]?.runs();
        expect(runs?.map((r) => `${r.job}:${r.periodKey}:${r.state}`).sort()).toEqual([
          'start.c:once:done',
          'start.hourly:2026-01-01T00:done',
        ]);

        for (const j of started) await j.stop();
        started = [];
        for (const d of open.reverse()) await d.close();
        open = [];
      }
    },
    ROUNDS * 60_000,
  );
});
