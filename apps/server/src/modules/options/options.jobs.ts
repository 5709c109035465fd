/**
 * The options' scheduled work (jobs module): every 5 seconds the settlement of every open order past
 * its expiry whose settling tick is recorded (one run at a time across the processes; a run settles
 * all that is due, so after downtime the latest period's run does all of it), and every hour the
 * sweep of quotes never confirmed.
 */
import type { Jobs } from '../jobs/jobs.service.ts';
import type { Options } from './options.service.ts';

export const OPTIONS_SETTLE_JOB = 'options.settle';
export const OPTIONS_SWEEP_JOB = 'options.sweep-quotes';
/** How often expired orders are looked for: the feed writes its ticks every second. */
export const OPTIONS_SETTLE_EVERY_MS = 5_000;

export function defineOptionJobs(jobs: Jobs, options: Options): void {
  jobs.define(OPTIONS_SETTLE_JOB, {
    every: OPTIONS_SETTLE_EVERY_MS,
    // A failed pass is simply the next one's work: no retries piling up behind the 5-second cadence.
    retryLimit: 0,
    timeoutMs: 5 * 60_000,
    handler: () => options.settlement.settleDue().then(() => undefined),
  });
  jobs.define(OPTIONS_SWEEP_JOB, { every: 'hour', handler: () => options.sweepQuotes().then(() => undefined) });
}
