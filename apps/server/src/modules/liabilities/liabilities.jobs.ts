/**
 * The daily snapshot (jobs module): each UTC day, one REPEATABLE READ transaction reads every
 * balance, builds the tree, stores it and marks the run done. After downtime only the current day
 * is taken (`catchUp: 'latest'`): a past day's balances cannot be read back consistently (the
 * journal's times are not its commit order), so a missed day is not invented afterwards.
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Liabilities } from './liabilities.service.ts';

export const LIABILITIES_DAILY_JOB = 'liabilities.daily';

export function defineLiabilitiesJobs(jobs: Jobs, liabilities: Liabilities, name = LIABILITIES_DAILY_JOB): void {
  jobs.define(name, {
    every: 'day',
    catchUp: 'latest',
    retryLimit: 5,
    async handler({ period, markDone }) {
      await liabilities.runDay(period, markDone);
    },
  });
}
