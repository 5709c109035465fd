import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per run of a job: a repeating job's period (job + period key, e.g. `ledger.yields` +
 * `2026-01-03`) or a one-off's key. The unique (job, period_key) is what makes a run happen at
 * most once however many processes schedule it; the row is also the operators' record of it.
 * pg-boss (schema `pgboss`) only delivers runs: `queue_id` is the id of the pg-boss job carrying
 * this run, and only that delivery may claim it.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    periodKey: text('period_key').notNull(),
    /**
     * scheduled (a one-off waiting for its time) | queued (handed to pg-boss) | running |
     * retry (failed, pg-boss retries it) | done | failed (gave up after the last retry)
     */
    state: text('state').notNull(),
    /** The period's start (repeating) or the time asked for (one-off), by the injectable clock. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, precision: 3 }).notNull(),
    data: jsonb('data'),
    queueId: uuid('queue_id'),
    /** Claims so far; the current attempt's number fences a superseded attempt's writes. */
    attempts: integer('attempts').notNull().default(0),
    /** The last failure's message (cleared when a later attempt succeeds). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('job_runs_job_period_key').on(t.job, t.periodKey),
    index('job_runs_job_scheduled_idx').on(t.job, t.scheduledFor),
    uniqueIndex('job_runs_queue_id_key').on(t.queueId),
    index('job_runs_pending_idx').on(t.scheduledFor).where(sql`${t.state} in ('scheduled', 'queued')`),
  ],
);

export type JobRun = typeof jobRuns.$inferSelect;
