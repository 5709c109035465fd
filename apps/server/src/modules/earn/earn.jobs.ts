/**
 * The smart plans' scheduled work (jobs module): every minute, each earning plan with a payout due
 * gets every ended day's yield not yet paid, and one at maturity is shared (its principal returned,
 * its owner told once). Catch-up safe by construction: a run pays every day ended since the last one
 * (the day's ledger key and the plan's `paid_days` make a day pay once), so after downtime the latest
 * period's run does all of it.
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Earn } from './earn.service.ts';

export const EARN_PAYOUTS_JOB = 'earn.payouts';

export function defineEarnJobs(jobs: Jobs, earn: Earn): void {
  jobs.define(EARN_PAYOUTS_JOB, { every: 'minute', handler: () => earn.payAll().then(() => undefined) });
}
