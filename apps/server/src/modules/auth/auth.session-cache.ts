/**
 * Signed-in requests answered from memory: every authenticated call (the money path's first of
 * all) used to read its session row and its user's name and status, two statements before any
 * work. A token's session and identity are now kept for SESSION_CACHE_MS after they were read.
 *
 * What ends a session is never late in the process that did it, and is heard by every other
 * process through the bus:
 *   - every revocation (sign-out, password change or reset, the back office ending a user's
 *     sessions or disabling them) writes a `sessions.revoked` event for the user in the same
 *     transaction (`revokedEvent`); its process forgets the user's sessions once it commits, and
 *     the relay publishes the event to every process, which forget them too;
 *   - a session's expiry is checked on every hit against the injectable clock.
 * Only a change made behind the application's back (SQL by hand, or an event lost with the bus)
 * waits out the few seconds a read may be reused.
 */
import type { BusMessage } from '../events/events.bus.ts';

/** How long a session read from the database may answer from memory. */
export const SESSION_CACHE_MS = 5_000;
/** The bus topic of revocations: `{ userId }`, every session of that user is forgotten. */
export const SESSIONS_TOPIC = 'sessions.revoked';
const MAX_ENTRIES = 100_000;

export interface CachedSession {
  sessionId: number;
  userId: number;
  username: string;
  /** The session's expiry, in clock milliseconds. */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** When it was read (monotonic milliseconds). */
  readAt: number;
}

export function createSessionCache(opts: { ttlMs?: number; monotonic?: () => number } = {}) {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_MS;
  const monotonic = opts.monotonic ?? (() => performance.now());
  const byToken = new Map<string, Entry>();
  const tokensOf = new Map<number, Set<string>>();
  /** Counts forgets: a read that a forget overtook is not kept (it may predate the revocation). */
  let generation = 0;

  function drop(tokenHash: string, entry: Entry) {
    byToken.delete(tokenHash);
    const set = tokensOf.get(entry.userId);
    set?.delete(tokenHash);
    if (set?.size === 0) tokensOf.delete(entry.userId);
  }

  return {
    /** The session of this token hash, if read less than the TTL ago and not expired at `now`. */
    get(tokenHash: string, now: Date): CachedSession | null {
      const entry = byToken.get(tokenHash);
      if (!entry) return null;
      if (monotonic() - entry.readAt >= ttlMs || entry.expiresAt <= now.getTime()) {
        drop(tokenHash, entry);
        return null;
      }
      return entry;
    },

    /** To pass to `set`: taken before reading the session from the database. */
    mark(): number {
      return generation;
    },

    /**
     * Keeps a session read from the database since `mark()` answered `since`; not kept when a
     * forget ran in between (the read may have seen the row before its revocation committed).
     */
    set(tokenHash: string, session: CachedSession, since: number): void {
      if (since !== generation) return;
      if (byToken.size >= MAX_ENTRIES) {
        byToken.clear();
        tokensOf.clear();
      }
      byToken.set(tokenHash, { ...session, readAt: monotonic() });
      const set = tokensOf.get(session.userId) ?? new Set<string>();
      tokensOf.set(session.userId, set);
      set.add(tokenHash);
    },

    /** Forgets every session of the user (a revocation, a status change). */
    forgetUser(userId: number): void {
      generation++;
      for (const tokenHash of tokensOf.get(userId) ?? []) byToken.delete(tokenHash);
      tokensOf.delete(userId);
    },

    /** A bus message of SESSIONS_TOPIC. */
    hear(message: BusMessage): void {
      const userId = Number((message.payload as { userId?: unknown } | null)?.userId);
      if (Number.isSafeInteger(userId)) this.forgetUser(userId);
    },

    get size(): number {
      return byToken.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** The event a revocation writes in its transaction. */
export const revokedEvent = (userId: number) => ({ userId });
