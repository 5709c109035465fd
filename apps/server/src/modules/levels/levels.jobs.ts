/**
 * The levels' daily run (jobs module): each UTC day, every user's level from the 30 days before the
 * day's start. Keyed per day and caught up day by day after downtime (`catchUp: 'all'`, oldest first);
 * the levels and the run's `done` commit together, and a day run twice writes the same levels.
 */
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Levels } from './levels.service.ts';

export const LEVELS_DAILY_JOB = 'levels.daily';

export function defineLevelJobs(jobs: Jobs, db: Db, levels: Levels, name = LEVELS_DAILY_JOB): void {
  jobs.define(name, {
    every: 'day',
    catchUp: 'all',
    retryLimit: 5,
    async handler({ period, scheduledFor, markDone }) {
      await db.transaction(async (tx) => {
        await levels.computeDay(tx, scheduledFor, period);
        await markDone(tx);
      });
    },
  });
}
