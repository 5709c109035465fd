/**
 * A user's sessions as the back office sees them (sign-in history: when, from where, with what) and
 * the operator's revocation of all of them.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { revokedEvent, SESSIONS_TOPIC } from './auth.session-cache.ts';
import type { SessionEvents } from './auth.service.ts';
import { sessions } from './auth.tables.ts';

/**
 * `events`: where revocations are announced (auth.session-cache.ts); the caller calls its
 * `published()` once the revoking transaction has committed.
 */
export function createSessionsDirectory({
  db,
  clock,
  events,
}: {
  db: Db;
  clock: Clock;
  events?: Pick<SessionEvents, 'write'>;
}) {
  return {
    async ofUser(userId: number, limit = 50) {
      const now = clock.now();
      const rows = await db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        revokedAt: r.revokedAt?.toISOString() ?? null,
        live: r.revokedAt === null && r.expiresAt >= now,
        ip: r.ip,
        userAgent: r.userAgent,
      }));
    },

    /** Ends every live session of a user; answers how many. */
    async revokeAll(exec: Executor, userId: number): Promise<number> {
      const now = clock.now();
      const rows = await exec
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gte(sessions.expiresAt, now)))
        .returning({ id: sessions.id });
      if (rows.length > 0) await events?.write(exec, SESSIONS_TOPIC, revokedEvent(userId));
      return rows.length;
    },
  };
}

export type SessionsDirectory = ReturnType<typeof createSessionsDirectory>;
