import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSIONS_TOPIC } from '../auth.session-cache.ts';

const session = (userId: number, sessionId = userId * 10, expiresAt = Date.parse('2030-01-01T00:00:00Z')) => ({
  userId,
  sessionId,
  username: `u${userId}`,
  expiresAt,
});

function setup(ttlMs = 1000) {
  let t = 0;
  const cache = createSessionCache({ ttlMs, monotonic: () => t });
  return { cache, advance: (ms: number) => (t += ms) };
}

const now = new Date('2026-01-01T00:00:00Z');

describe('session cache', () => {
  it('answers a session read less than the TTL ago, then reads again', () => {
    const { cache, advance } = setup(1000);
    cache.set('h1', session(1), cache.mark());
    expect(cache.get('h1', now)).toMatchObject({ userId: 1, sessionId: 10, username: 'u1' });
    advance(999);
    expect(cache.get('h1', now)).not.toBeNull();
    advance(1);
    expect(cache.get('h1', now)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never answers an expired session, whatever the TTL', () => {
    const { cache } = setup(60_000);
    cache.set('h1', session(1, 10, now.getTime() + 5), cache.mark());
    expect(cache.get('h1', now)).not.toBeNull();
    expect(cache.get('h1', new Date(now.getTime() + 5))).toBeNull();
  });

  it('forgets every session of a user, and only theirs, on a revocation or a bus message', () => {
    const { cache } = setup();
    cache.set('a1', session(1, 11), cache.mark());
    cache.set('a2', session(1, 12), cache.mark());
    cache.set('b1', session(2, 21), cache.mark());
    cache.forgetUser(1);
    expect(cache.get('a1', now)).toBeNull();
    expect(cache.get('a2', now)).toBeNull();
    expect(cache.get('b1', now)).not.toBeNull();
    cache.hear({ id: 1, topic: SESSIONS_TOPIC, payload: { userId: 2 } });
    expect(cache.get('b1', now)).toBeNull();
    // A malformed message forgets nothing and throws nothing.
    cache.set('c1', session(3), cache.mark());
    cache.hear({ id: 2, topic: SESSIONS_TOPIC, payload: null });
    cache.hear({ id: 3, topic: SESSIONS_TOPIC, payload: { userId: 'x' } });
    expect(cache.get('c1', now)).not.toBeNull();
  });

  it('does not keep a read that a revocation overtook (it may have seen the row before the revocation)', () => {
    const { cache } = setup();
    const since = cache.mark(); // the read starts
    cache.forgetUser(1); // a revocation commits meanwhile
    cache.set('h1', session(1), since); // the read answers the old row
    expect(cache.get('h1', now)).toBeNull();
    // A read that started after it is kept.
    cache.set('h1', session(1), cache.mark());
    expect(cache.get('h1', now)).not.toBeNull();
  });
});
