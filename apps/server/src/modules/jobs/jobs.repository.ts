import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { type JobRun, jobRuns } from './jobs.tables.ts';

export type RunState = 'scheduled' | 'queued' | 'running' | 'retry' | 'done' | 'failed';

/** job_runs only; every method takes the executor (the database or an open transaction). */
export const jobsRepository = {
  /** A new run, or false when the job already has one for this key (however many processes try). */
  async insertRun(
    exec: Executor,
    run: {
      job: string;
      periodKey: string;
      state: 'scheduled' | 'queued';
      scheduledFor: Date;
      data: unknown;
      queueId: string | null;
      now: Date;
    },
  ): Promise<boolean> {
    const rows = await exec
      .insert(jobRuns)
      .values({
        job: run.job,
        periodKey: run.periodKey,
        state: run.state,
        scheduledFor: run.scheduledFor,
        data: run.data ?? null,
        queueId: run.queueId,
        createdAt: run.now,
      })
      .onConflictDoNothing({ target: [jobRuns.job, jobRuns.periodKey] })
      .returning({ id: jobRuns.id });
    return rows.length === 1;
  },

  /** The start of the newest period scheduled for a repeating job, or null if it never was. */
  async latestScheduled(exec: Executor, job: string): Promise<Date | null> {
    const [row] = await exec
      .select({ at: max(jobRuns.scheduledFor) })
      .from(jobRuns)
      .where(eq(jobRuns.job, job));
    return row?.at ? new Date(row.at) : null;
  },

  /**
   * One-offs whose time has come, moved to `queued` with a fresh delivery id (each taken by one
   * process: SKIP LOCKED, then a conditional update).
   */
  async takeDue(exec: Executor, jobs: string[], now: Date, limit: number) {
    if (jobs.length === 0) return [];
    const names = sql.join(
      jobs.map((j) => sql`${j}`),
      sql`, `,
    );
    return queryRows<{ job: string; queue_id: string; scheduled_for: Date | string }>(
      exec,
      sql`update job_runs set state = 'queued', queue_id = gen_random_uuid()
          where id in (
            select id from job_runs
            where state = 'scheduled' and scheduled_for <= ${now.toISOString()}::timestamptz and job in (${names})
            order by scheduled_for limit ${limit}
            for update skip locked)
            and state = 'scheduled'
          returning job, queue_id, scheduled_for`,
    );
  },

  /** Runs handed to pg-boss and not yet claimed (a process may have died before handing one over). */
  async queued(exec: Executor, jobs: string[], limit: number) {
    if (jobs.length === 0) return [];
    return exec
      .select({ job: jobRuns.job, queueId: jobRuns.queueId, scheduledFor: jobRuns.scheduledFor })
      .from(jobRuns)
      .where(and(eq(jobRuns.state, 'queued'), inArray(jobRuns.job, jobs)))
      .orderBy(asc(jobRuns.scheduledFor))
      .limit(limit);
  },

  /**
   * Takes the run a pg-boss delivery carries: only that delivery, only while not done. Each claim
   * counts an attempt; the attempt number fences the writes of one that was superseded.
   */
  async claim(exec: Executor, queueId: string, now: Date): Promise<JobRun | null> {
    const [row] = await exec
      .update(jobRuns)
      .set({ state: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt: now, finishedAt: null })
      .where(and(eq(jobRuns.queueId, queueId), ne(jobRuns.state, 'done')))
      .returning();
    return row ?? null;
  },

  /** Ends the given attempt (false if a newer attempt has claimed the run, or it is already ended). */
  async finish(
    exec: Executor,
    id: number,
    attempt: number,
    outcome: { state: 'done' | 'retry' | 'failed'; error: string | null; now: Date },
  ): Promise<boolean> {
    const rows = await exec
      .update(jobRuns)
      .set({ state: outcome.state, error: outcome.error, finishedAt: outcome.now })
      .where(and(eq(jobRuns.id, id), eq(jobRuns.attempts, attempt), eq(jobRuns.state, 'running')))
      .returning({ id: jobRuns.id });
    return rows.length === 1;
  },

  async stateOf(exec: Executor, id: number): Promise<RunState | null> {
    const [row] = await exec.select({ state: jobRuns.state }).from(jobRuns).where(eq(jobRuns.id, id));
    return (row?.state as RunState | undefined) ?? null;
  },

  /**
   * Deletes runs done before `before`, keeping each job's newest period (the scheduler counts
   * missed periods from it, so nothing is run again). Returns how many went.
   */
  async sweepDone(exec: Executor, before: Date): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      exec,
      sql`delete from job_runs r
          where r.state = 'done' and r.finished_at < ${before.toISOString()}
            and r.scheduled_for < (select max(m.scheduled_for) from job_runs m where m.job = r.job)
          returning r.id`,
    );
    return rows.length;
  },

  async list(exec: Executor, job?: string): Promise<JobRun[]> {
    return exec
      .select()
      .from(jobRuns)
      .where(job === undefined ? undefined : eq(jobRuns.job, job))
      .orderBy(asc(jobRuns.scheduledFor), asc(jobRuns.id));
  },
};
