/**
 * The loans' scheduled work (jobs module): every hour, each loan in repayment or overdue gets every
 * ended day's interest not yet posted, and one past maturity becomes expired (its owner notified
 * once). Catch-up safe by construction: a run posts every day ended since the last one (the day's
 * ledger key and the loan's `accrued_days` make a day post once), so after downtime the latest
 * period's run does all of it.
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Loans } from './loans.service.ts';

export const LOANS_ACCRUE_JOB = 'loans.accrue';

export function defineLoanJobs(jobs: Jobs, loans: Loans): void {
  jobs.define(LOANS_ACCRUE_JOB, { every: 'hour', handler: () => loans.accrueAll().then(() => undefined) });
}
