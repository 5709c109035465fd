import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { createJobs, type JobContext, type JobDefinition, type Jobs, type JobsOptions } from '../jobs.service.ts';
import { jobRuns } from '../jobs.tables.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` (working deliveries in between) until it holds: pg-boss retries are by real time. */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe.each(DRIVERS)('jobs on %s', (driver) => {
  let database: Database;
  let started: Jobs[];
  let clock: ManualClock;

  // One database for the file; every test has its own jobs (names), clock and processes.
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.close());
  beforeEach(() => {
    started = [];
    clock = new ManualClock('2026-01-01T00:00:00Z');
  });
  afterEach(async () => {
    for (const j of started) await j.stop();
  });

  /** A "process": its own jobs service (and pg-boss) over the shared database, polled by the test. */
  async function processWith(defs: Record<string, JobDefinition>, options: Partial<JobsOptions> = {}) {
    const jobs = createJobs({ database, clock, options: { pollMs: 0, maintenanceSeconds: 0, ...options } });
    for (const [name, def] of Object.entries(defs)) jobs.define(name, def);
    await jobs.start();
    started.push(jobs);
    return jobs;
  }

  const periodsOf = async (jobs: Jobs, job: string) => (await jobs.runs(job)).map((r) => r.periodKey);

  it('runs a repeating job once per period as the clock advances', async () => {
    const seen: JobContext[] = [];
    const jobs = await processWith({ 'test.hourly': { every: 'hour', handler: (ctx) => void seen.push(ctx) } });
    expect(await jobs.runOnce()).toBe(1); // the current hour, at once
    expect(await jobs.runOnce()).toBe(0);
    clock.advance(30 * MINUTE);
    expect(await jobs.runOnce()).toBe(0);
    clock.advance(30 * MINUTE);
    expect(await jobs.runOnce()).toBe(1);
    expect(await jobs.runOnce()).toBe(0);

    expect(seen.map((c) => c.key)).toEqual(['test.hourly:2026-01-01T00', 'test.hourly:2026-01-01T01']);
    expect(seen[1]).toMatchObject({ period: '2026-01-01T01', attempt: 1, data: null });
    expect(seen[1]?.scheduledFor.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    const runs = await jobs.runs('test.hourly');
    expect(runs.map((r) => [r.state, r.attempts, r.error])).toEqual([
      ['done', 1, null],
      ['done', 1, null],
    ]);
    expect(runs[1]?.finishedAt?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });

  it('runs each period exactly once across two processes', async () => {
    const ran: string[] = [];
    const def = (who: string): JobDefinition => ({
      every: 'minute',
      async handler(ctx) {
        ran.push(`${ctx.key}@${who}`);
        await sleep(5); // overlap the other process
      },
    });
    const a = await processWith({ 'test.minutely': def('a') });
    const b = await processWith({ 'test.minutely': def('b') });
    for (let i = 0; i < 8; i++) {
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      clock.advance(MINUTE);
    }
    const keys = ran.map((r) => r.split('@')[0]);
    expect(keys.length).toBe(8);
    expect(new Set(keys).size).toBe(8);
    const runs = await a.runs('test.minutely');
    expect(runs.length).toBe(8);
    expect(runs.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });

  it('after a restart catches up the latest missed period once, or every one with catchUp all', async () => {
    const ran: string[] = [];
    const defs: Record<string, JobDefinition> = {
      'test.daily': { every: 'day', handler: (ctx) => void ran.push(ctx.key) },
      'test.yields': { every: 'day', catchUp: 'all', handler: (ctx) => void ran.push(ctx.key) },
    };
    const before = await processWith(defs);
    await before.runOnce();
    await before.stop();

    // Three days down, then two processes come back at once.
    clock.advance(3 * DAY + 5 * MINUTE);
    const a = await processWith(defs);
    const b = await processWith(defs);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);

    expect(await periodsOf(a, 'test.daily')).toEqual(['2026-01-01', '2026-01-04']);
    expect(await periodsOf(a, 'test.yields')).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(ran.filter((k) => k.startsWith('test.daily')).sort()).toEqual([
      'test.daily:2026-01-01',
      'test.daily:2026-01-04',
    ]);
    expect(ran.filter((k) => k.startsWith('test.yields'))).toEqual([
      'test.yields:2026-01-01',
      'test.yields:2026-01-02',
      'test.yields:2026-01-03',
      'test.yields:2026-01-04',
    ]);

    // A further restart the same day schedules nothing again.
    await a.stop();
    await b.stop();
    const c = await processWith(defs);
    expect(await c.runOnce()).toBe(0);
    expect(ran.length).toBe(6);
  });

  it('retries a failing run, recording its error, and gives up after the last retry', async () => {
    let calls = 0;
    const jobs = await processWith({
      'test.flaky': {
        every: 'day',
        retryLimit: 3,
        retryDelaySeconds: 1,
        handler() {
          calls++;
          if (calls < 2) throw new Error(`boom ${calls}`);
        },
      },
      'test.broken': {
        every: 'day',
        retryLimit: 1,
        retryDelaySeconds: 0,
        handler() {
          throw new Error('always broken');
        },
      },
    });
    await jobs.tick();
    await jobs.work();
    const [first] = await jobs.runs('test.flaky');
    expect(first).toMatchObject({ state: 'retry', attempts: 1, error: 'boom 1' });

    const runOf = async (job: string) => (await jobs.runs(job))[0]!;
    await until(async () => {
      await jobs.work();
      return (await runOf('test.flaky')).state === 'done' && (await runOf('test.broken')).state === 'failed';
    });
    expect(await runOf('test.flaky')).toMatchObject({ state: 'done', attempts: 2, error: null });
    expect(await runOf('test.broken')).toMatchObject({ state: 'failed', attempts: 2, error: 'always broken' });
    expect(calls).toBe(2);
    await sleep(50);
    expect(await jobs.work()).toBe(0);
  });

  it('runs a one-off job once at its time, scheduled from any process, in the caller’s transaction', async () => {
    const seen: JobContext[] = [];
    const defs: Record<string, JobDefinition> = { 'test.auction-end': { handler: (ctx) => void seen.push(ctx) } };
    const api = await processWith(defs, { roles: ['api'] });
    const worker = await processWith(defs);
    const at = new Date(clock.now().getTime() + 10 * MINUTE);

    expect(await api.runAt('test.auction-end', at, { key: 'auction-7', data: { auctionId: 7 } })).toBe(true);
    expect(await api.runAt('test.auction-end', at, { key: 'auction-7', data: { auctionId: 8 } })).toBe(false);
    // Scheduled in a transaction that rolls back: never runs.
    await database.db
      .transaction(async (tx) => {
        await api.runAt('test.auction-end', at, { key: 'auction-8', tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    expect(await api.runOnce()).toBe(0); // no jobs role: runs nothing
    expect(await worker.runOnce()).toBe(0);
    clock.advance(10 * MINUTE);
    expect(await worker.runOnce()).toBe(1);
    clock.advance(DAY);
    expect(await worker.runOnce()).toBe(0);

    expect(seen.map((c) => [c.key, c.data, c.scheduledFor.toISOString()])).toEqual([
      ['test.auction-end:auction-7', { auctionId: 7 }, at.toISOString()],
    ]);
    expect((await worker.runs('test.auction-end')).map((r) => [r.periodKey, r.state])).toEqual([['auction-7', 'done']]);
  });

  it('hands over again a run a process queued but died before handing to pg-boss', async () => {
    const ran: string[] = [];
    const jobs = await processWith({ 'test.once': { handler: (ctx) => void ran.push(ctx.key) } });
    await database.db.insert(jobRuns).values({
      job: 'test.once',
      periodKey: 'orphan',
      state: 'queued',
      scheduledFor: clock.now(),
      queueId: randomUUID(),
      createdAt: clock.now(),
    });
    expect(await jobs.runOnce()).toBe(1);
    clock.advance(2 * MINUTE); // the next re-send: no second run
    expect(await jobs.runOnce()).toBe(0);
    expect(ran).toEqual(['test.once:orphan']);
  });

  it('marks a run done in the handler’s transaction, and refuses a superseded attempt', async () => {
    let superseded: unknown = null;
    let late = 0;
    const jobs = await processWith({
      'test.rollback': {
        every: 'day',
        retryDelaySeconds: 0,
        handler: (ctx) =>
          database.db.transaction(async (tx) => {
            await ctx.markDone(tx);
            if (ctx.attempt === 1) throw new Error('effects failed');
          }),
      },
      'test.late': {
        every: 'day',
        retryDelaySeconds: 0,
        async handler(ctx) {
          late++;
          await database.db.transaction((tx) => ctx.markDone(tx));
          throw new Error('failed after commit');
        },
      },
      'test.tx': {
        every: 'day',
        handler: (ctx) => database.db.transaction((tx) => ctx.markDone(tx)),
      },
      'test.stale': {
        every: 'day',
        retryDelaySeconds: 0,
        async handler(ctx) {
          if (ctx.attempt > 1) return;
          // Another attempt takes the run over while this one is still going.
          await database.db.execute(sql`update job_runs set attempts = attempts + 1 where job = 'test.stale'`);
          superseded = await database.db.transaction((tx) => ctx.markDone(tx)).catch((err: unknown) => err);
        },
      },
    });
    await jobs.runOnce();
    expect((await jobs.runs('test.tx'))[0]).toMatchObject({ state: 'done', attempts: 1 });
    // Done commits with the effects or not at all: a rolled-back attempt is retried.
    await until(async () => {
      await jobs.work();
      return (await jobs.runs('test.rollback'))[0]?.state === 'done';
    });
    expect((await jobs.runs('test.rollback'))[0]).toMatchObject({ state: 'done', attempts: 2 });
    // A failure after the effects committed leaves the run done, not run again.
    expect((await jobs.runs('test.late'))[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(late).toBe(1);
    expect(String(superseded)).toMatch(/superseded/);
    // The superseded attempt neither finished the run nor moved its delivery on.
    expect((await jobs.runs('test.stale'))[0]).toMatchObject({ state: 'running', attempts: 2 });
  });

  it('forgets runs done long ago, keeping each job’s newest period, and never runs a forgotten one again', async () => {
    const seen: string[] = [];
    const jobs = await processWith({
      'test.swept': { every: 'hour', handler: (ctx) => void seen.push(ctx.period) },
      'test.swept-daily': { every: 'day', handler: () => undefined },
    });
    await jobs.runOnce(); // 00, and the day's run
    for (let h = 1; h <= 3; h++) {
      clock.advance(60 * MINUTE);
      await jobs.runOnce();
    }
    // At 03:00, keeping 90 minutes: 00 and 01 go; the day job keeps its only (newest) run. (The
    // file's database is shared: this test runs last, and the other tests' runs may go too.)
    expect(await jobs.sweep(90 * MINUTE)).toBeGreaterThanOrEqual(2);
    expect(await periodsOf(jobs, 'test.swept')).toEqual(['2026-01-01T02', '2026-01-01T03']);
    expect(await periodsOf(jobs, 'test.swept-daily')).toEqual(['2026-01-01']);
    clock.advance(60 * MINUTE);
    await jobs.runOnce();
    expect(seen).toEqual(['2026-01-01T00', '2026-01-01T01', '2026-01-01T02', '2026-01-01T03', '2026-01-01T04']);
  });
});
