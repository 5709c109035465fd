/**
 * The charity auctions' scheduled work (jobs module): every 5 seconds every item still live past its
 * end is settled (one run at a time across the processes; a run settles all that is due, so after
 * downtime the latest period's run does all of it).
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Nfts } from './nfts.service.ts';

export const NFTS_SETTLE_JOB = 'nfts.settle';
export const NFTS_SETTLE_EVERY_MS = 5_000;

export function defineNftJobs(jobs: Jobs, nfts: Nfts): void {
  jobs.define(NFTS_SETTLE_JOB, {
    every: NFTS_SETTLE_EVERY_MS,
    // A failed pass is simply the next one's work.
    retryLimit: 0,
    timeoutMs: 5 * 60_000,
    handler: () => nfts.settleDue().then(() => undefined),
  });
}
