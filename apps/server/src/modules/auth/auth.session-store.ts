/**
 * Signed-in sessions: issued once every factor is proved, resolved from a token on every request
 * (through the 5 s cache of auth.session-cache.ts), and revoked so that every process forgets them.
 */
import type { LoginResult } from '@openbourse/contracts/auth.ts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { BusMessage } from '../events/events.bus.ts';
import { toUserInfo, type UserRow, type UsersService } from '../users/users.service.ts';
import { createSessionCache, revokedEvent, SESSIONS_TOPIC } from './auth.session-cache.ts';
import { sessions } from './auth.tables.ts';

export interface SessionEvents {
  write(exec: Executor, topic: string, payload: unknown): Promise<unknown>;
  published(): void;
  subscribe(topic: string, handler: (message: BusMessage) => void): () => void;
}

export type ClientMeta = { ip: string; userAgent?: string };

/** How often a session's last-seen time is written (on a read of the session from the database). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

export function createSessionStore(deps: {
  db: Db;
  clock: Clock;
  users: UsersService;
  sessionTtlMs: number;
  events?: SessionEvents;
}) {
  const { db, clock } = deps;
  const sessionCache = createSessionCache();
  deps.events?.subscribe(SESSIONS_TOPIC, (m) => sessionCache.hear(m));

  return {
    async issue(exec: Executor, user: UserRow, meta: ClientMeta) {
      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + deps.sessionTtlMs);
      await exec.insert(sessions).values({
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      return { token, expiresAt: expiresAt.toISOString(), user: toUserInfo(user) } satisfies LoginResult;
    },

    /** Resolves a token to its user, or null when unknown, expired, revoked or the user is disabled. */
    async authenticate(token: string): Promise<AuthedUser | null> {
      const tokenHash = sha256(token);
      const now = clock.now();
      const hit = sessionCache.get(tokenHash, now);
      if (hit) return { id: hit.userId, username: hit.username, sessionId: hit.sessionId };
      const since = sessionCache.mark();
      const [session] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      if (!session) return null;
      // The account centre's "last seen": refreshed on a read from the database, at most every few minutes.
      if (!session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
      }
      const userId = Number(session.userId);
      const user = await deps.users.identityForSession(userId);
      if (!user || user.status === 'disabled') return null;
      const authed = { id: userId, username: user.username, sessionId: Number(session.id) };
      sessionCache.set(
        tokenHash,
        { userId, username: user.username, sessionId: authed.sessionId, expiresAt: session.expiresAt.getTime() },
        since,
      );
      return authed;
    },

    /** In the revoking transaction: every process forgets the user's sessions once it commits. */
    async revoking(exec: Executor, userId: number) {
      await deps.events?.write(exec, SESSIONS_TOPIC, revokedEvent(userId));
    },

    /** After that transaction committed: this process at once, the others through the bus. */
    revoked(userId: number) {
      sessionCache.forgetUser(userId);
      deps.events?.published();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
