/**
 * The daily levels job over 31 days with a manual clock, on its own jobs service (no background
 * passes): volume entering the 30-day window moves a user up, leaving it moves them down; one run
 * per day; after a gap every missed day is run, oldest first, each from its own window.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS } from '../../../test/db.ts';
import { createJobs, type Jobs } from '../../jobs/jobs.service.ts';
import { DAY_MS } from '../levels.arithmetic.ts';
import { defineLevelJobs } from '../levels.jobs.ts';
import { createLevels, type Levels } from '../levels.service.ts';
import { userLevels } from '../levels.tables.ts';

const JOB = 'levels.daily-test';

describe.each(DRIVERS)('the levels job on %s', (driver) => {
  let t: TestApp;
  let jobs: Jobs;
  let levels: Levels;
  /** The trades the fake volume source knows: who, when, how much USDT. */
  const trades: { userId: number; at: Date; volume: string }[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    // The platform's own job runner stays out of it: this file drives its own.
    await t.services.jobs.stop();
    t.clock.set('2026-01-01T00:00:00Z');
    levels = createLevels({
      db: t.database.db,
      clock: t.clock,
      volumes: [
        async (_exec, since, until) =>
          trades.filter((x) => x.at >= since && x.at < until).map((x) => ({ userId: x.userId, volume: x.volume })),
      ],
      balance: async () => '0',
    });
    jobs = createJobs({ database: t.database, clock: t.clock, options: { pollMs: 0, maintenanceSeconds: 0 } });
    const wrapped: Levels = {
      ...levels,
      computeDay: async (exec, day, period) => {
        seen.push(period);
        return levels.computeDay(exec, day, period);
      },
    };
    defineLevelJobs(jobs, t.database.db, wrapped, JOB);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  /** Runs every pass until nothing is left; answers the runs done. */
  async function drain(): Promise<number> {
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const n = await jobs.runOnce();
      total += n;
      if (n === 0) break;
    }
    return total;
  }
  const levelOf = async (userId: number) =>
    (await t.database.db.select().from(userLevels).where(eq(userLevels.userId, userId)))[0];
  const day = (d: number) => new Date(Date.UTC(2026, 0, d)); // 2026-01-d 00:00 UTC

  it('moves a user up as volume enters the window and down as it leaves, one run a day, caught up after a gap', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    // Day 1: the first run (the current day only: the job never ran before).
    expect(await drain()).toBe(1);
    expect(await levelOf(u.id)).toBeUndefined();

    // 60,000 traded on Jan 1 at noon: the run for Jan 2 counts it (window Dec 3 – Jan 2).
    trades.push({ userId: u.id, at: new Date('2026-01-01T12:00:00Z'), volume: '60000' });
    trades.push({ userId: other.id, at: new Date('2026-01-01T13:00:00Z'), volume: '9999.999999' });
    t.clock.set(new Date(day(2).getTime() + 60_000));
    expect(await drain()).toBe(1);
    expect(await levelOf(u.id)).toMatchObject({
      level: 2,
      volume30d: expect.stringMatching(/^60000(\.0+)?$/),
      period: '2026-01-02',
    });
    expect(await levelOf(other.id)).toMatchObject({ level: 0 });
    // The same day again: nothing more runs.
    t.clock.advance(6 * 3_600_000);
    expect(await drain()).toBe(0);

    // Days 3 to 9, one run each.
    for (let d = 3; d <= 9; d++) {
      t.clock.set(new Date(day(d).getTime() + 1000));
      expect(await drain()).toBe(1);
    }
    const mine = await levels.list('fr', u.id);
    expect(mine.mine).toMatchObject({
      level: 2,
      name: 'VIP 2',
      discount: '0.1',
      volume30d: '60000',
      next: { level: 3, minVolume: '250000', remaining: '190000', progress: '0.05' },
    });

    // Downtime from Jan 9 to Jan 20; meanwhile 200,000 more traded on Jan 15.
    trades.push({ userId: u.id, at: new Date('2026-01-15T12:00:00Z'), volume: '200000' });
    t.clock.set(new Date(day(20).getTime() + 1000));
    expect(await drain()).toBe(11); // Jan 10 … Jan 20, each once
    expect(seen.slice(-11)).toEqual(Array.from({ length: 11 }, (_, i) => `2026-01-${String(10 + i).padStart(2, '0')}`));
    expect(await levelOf(u.id)).toMatchObject({ level: 3, period: '2026-01-20' });

    // Jan 31: both trades still inside (window Jan 1 – Jan 31).
    t.clock.set(new Date(day(31).getTime() + 1000));
    expect(await drain()).toBe(11);
    expect(await levelOf(u.id)).toMatchObject({ level: 3, volume30d: expect.stringMatching(/^260000(\.0+)?$/) });
    // Feb 1: the Jan 1 trade leaves the window: down to VIP 2 (200,000); the other user stays at 0.
    t.clock.set(new Date(day(32).getTime() + 1000));
    expect(await drain()).toBe(1);
    expect(await levelOf(u.id)).toMatchObject({ level: 2, period: '2026-02-01' });
    expect(await levelOf(other.id)).toMatchObject({ level: 0 });

    // Every day from Jan 1 to Feb 1 ran exactly once.
    const runs = (await jobs.runs(JOB)).map((r) => r.periodKey).sort();
    expect(runs).toHaveLength(32);
    expect(new Set(runs).size).toBe(32);
    expect(runs[0]).toBe('2026-01-01');
    expect(runs.at(-1)).toBe('2026-02-01');
    expect(seen).toHaveLength(32);
    expect(DAY_MS).toBe(86_400_000);
  });

  it('a day computed twice writes the same levels (idempotent)', async () => {
    const u = await registerUser(t);
    trades.push({ userId: u.id, at: new Date('2026-01-25T00:00:00Z'), volume: '12345.5' });
    const first = await t.database.db.transaction((tx) => levels.computeDay(tx, day(32), 'again'));
    const a = await levelOf(u.id);
    const second = await t.database.db.transaction((tx) => levels.computeDay(tx, day(32), 'again'));
    const b = await levelOf(u.id);
    expect(second).toBe(first);
    expect({ ...b, computedAt: null }).toEqual({ ...a, computedAt: null });
    expect(a).toMatchObject({ level: 1 });
  });
});
