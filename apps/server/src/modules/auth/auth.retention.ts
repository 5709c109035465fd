/**
 * How long the auth module keeps what it only needs for a while (the `auth.prune` job, daily):
 * - a wrong password on an account: 180 days (the owner's sign-in history shows them);
 * - a wrong password on an unknown name: 1 day (recorded only so it costs the same work; nobody reads it);
 * - a verification code: 2 days after it was sent (its 10 minutes, the per-address hour counted from them).
 * Sessions stay: the back office's sign-in history reads them.
 */
import { and, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import { signInFailures, verificationCodes } from './auth.tables.ts';

const DAY_MS = 86_400_000;
export const RETENTION = { failuresDays: 180, unknownNameDays: 1, codesDays: 2 } as const;

export async function pruneAuthRecords(db: Db, clock: Clock): Promise<{ failures: number; codes: number }> {
  const now = clock.now().getTime();
  const before = (days: number) => new Date(now - days * DAY_MS);
  const known = await db
    .delete(signInFailures)
    .where(and(isNotNull(signInFailures.userId), lt(signInFailures.at, before(RETENTION.failuresDays))))
    .returning({ id: signInFailures.id });
  const unknown = await db
    .delete(signInFailures)
    .where(and(isNull(signInFailures.userId), lt(signInFailures.at, before(RETENTION.unknownNameDays))))
    .returning({ id: signInFailures.id });
  const codes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.createdAt, before(RETENTION.codesDays)))
    .returning({ id: verificationCodes.id });
  return { failures: known.length + unknown.length, codes: codes.length };
}

export function defineAuthJobs(jobs: Jobs, db: Db, clock: Clock): void {
  jobs.define('auth.prune', { every: 'day', handler: () => pruneAuthRecords(db, clock).then(() => undefined) });
}
