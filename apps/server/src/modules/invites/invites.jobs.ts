/**
 * The invite rewards' scheduled work (jobs module): every hour, each UTC day ended and not yet settled
 * is settled, oldest first. Catch-up safe by construction: the settled days are the cursor (a missed
 * day is settled by the next run), and each reward's ledger key (invitee, day) pays it once.
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Invites } from './invites.service.ts';

export const INVITE_REWARDS_JOB = 'invites.rewards';

export function defineInviteJobs(jobs: Jobs, invites: Invites): void {
  jobs.define(INVITE_REWARDS_JOB, { every: 'hour', handler: () => invites.settle().then(() => undefined) });
}
