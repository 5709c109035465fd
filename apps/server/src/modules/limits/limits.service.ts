import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { rateLimits } from './limits.tables.ts';

export interface LimitRule {
  windowMs: number;
  max: number;
}

export interface LimitHit {
  /** This hit is within the limit (it is counted either way). */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Until the window restarts. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters in the database, shared by every server process. `hit` checks and counts
 * in one statement (an upsert that takes the row's lock), so hundreds of concurrent requests see
 * consecutive counts and no more than `max` of them are allowed. An expired window restarts at 1
 * in the same statement: a limit that has passed forgets the hits before it.
 */
export interface RateLimiter {
  hit(key: string, rule: LimitRule): Promise<LimitHit>;
  /** Hits in the current window without counting one (0 when none or expired). */
  peek(key: string): Promise<number>;
  /** Forgets a key (e.g. a client's failed sign-ins once it signs in). */
  reset(...keys: string[]): Promise<void>;
  /** Forgets every key that starts with `prefix`. */
  resetPrefix(prefix: string): Promise<void>;
  /**
   * Deletes expired keys (dead weight, not state), off the requests' path: the `limits.sweep` job.
   * Answers how many went (Redis expires its keys itself: 0).
   */
  sweep(): Promise<number>;
}

export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  return {
    async sweep() {
      const gone = await db
        .delete(rateLimits)
        .where(lt(rateLimits.expiresAt, clock.now()))
        .returning({ key: rateLimits.key });
      return gone.length;
    },
    async hit(key, rule) {
      const now = clock.now();
      const nowIso = now.toISOString();
      const endIso = new Date(now.getTime() + rule.windowMs).toISOString();
      const [row] = await queryRows<{ hits: number; expires_at: string | Date }>(
        db,
        sql`insert into rate_limits (key, hits, expires_at) values (${key}, 1, ${endIso}::timestamptz)
            on conflict (key) do update set
              hits = case when rate_limits.expires_at <= ${nowIso}::timestamptz then 1 else rate_limits.hits + 1 end,
              expires_at = case when rate_limits.expires_at <= ${nowIso}::timestamptz
                then excluded.expires_at else rate_limits.expires_at end
            returning hits, expires_at`,
      );
      const hits = Number(row?.hits ?? 1);
      const expiresAt = row ? new Date(row.expires_at).getTime() : now.getTime() + rule.windowMs;
      return { allowed: hits <= rule.max, hits, retryAfterMs: Math.max(0, expiresAt - now.getTime()) };
    },

    async peek(key) {
      const [row] = await queryRows<{ hits: number }>(
        db,
        sql`select hits from rate_limits where key = ${key} and expires_at > ${clock.now().toISOString()}::timestamptz`,
      );
      return Number(row?.hits ?? 0);
    },

    async reset(...keys) {
      if (keys.length === 0) return;
      await db.execute(
        sql`delete from rate_limits where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    },

    async resetPrefix(prefix) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      await db.execute(sql`delete from rate_limits where key like ${pattern}`);
    },
  };
}
