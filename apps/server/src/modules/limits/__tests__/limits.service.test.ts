import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { createRedisRateLimiter } from '../limits.redis.ts';
import { createRateLimiter, type RateLimiter } from '../limits.service.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** A store: two limiters over it (two processes) and how to close it. */
type Store = { limiters: [RateLimiter, RateLimiter]; close(): Promise<void> };

const stores: [string, (clock: ManualClock) => Promise<Store>][] = DRIVERS.map((driver) => [
  driver,
  async (clock: ManualClock) => {
    const database = await openTestDatabase(driver);
    return {
      limiters: [createRateLimiter({ db: database.db, clock }), createRateLimiter({ db: database.db, clock })],
      close: () => database.close(),
    };
  },
]);
if (REDIS_URL) {
  stores.push([
    'redis',
    async (clock: ManualClock) => {
      // Each run its own key space: runs on one Redis never meet.
      const prefix = `ob-test:${randomBytes(6).toString('hex')}:`;
      const a = createRedisRateLimiter({ url: REDIS_URL, clock, prefix });
      const b = createRedisRateLimiter({ url: REDIS_URL, clock, prefix });
      return {
        limiters: [a, b],
        close: async () => {
          await a.resetPrefix('');
          await Promise.all([a.close(), b.close()]);
        },
      };
    },
  ]);
}

describe.each(stores)('shared rate limiter on %s', (driver, open) => {
  let store: Store;
  let clock: ManualClock;
  let limiter: RateLimiter;
  beforeAll(async () => {
    clock = new ManualClock('2026-11-24T12:00:00Z');
    store = await open(clock);
    limiter = store.limiters[0];
  });
  afterAll(async () => store?.close());

  const rule = { windowMs: 60_000, max: 10 };

  it('lets exactly max of hundreds of concurrent hits through', async () => {
    const n = driver === 'pglite' ? 200 : 500;
    const hits = await Promise.all(Array.from({ length: n }, () => limiter.hit('burst', rule)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('two limiters over one database (two processes) share the count', async () => {
    const other = store.limiters[1];
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : other).hit('shared', rule)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    expect(await other.peek('shared')).toBe(40);
  });

  it('starts a window again once it has passed, and says when', async () => {
    for (let i = 0; i < 10; i++) await limiter.hit('window', rule);
    clock.advance(20_000);
    const over = await limiter.hit('window', rule);
    expect(over).toMatchObject({ allowed: false, hits: 11, retryAfterMs: 40_000 });
    clock.advance(40_000);
    expect(await limiter.peek('window')).toBe(0);
    expect(await limiter.hit('window', rule)).toMatchObject({ allowed: true, hits: 1, retryAfterMs: 60_000 });
  });

  it('forgets keys, and a prefix forgets only its own keys (LIKE characters taken literally)', async () => {
    await limiter.hit('login:u1:a', rule);
    await limiter.hit('login:u1:b', rule);
    await limiter.hit('login:u10:a', rule);
    await limiter.hit('login:u_:a', rule);
    await limiter.resetPrefix('login:u1:');
    expect(await limiter.peek('login:u1:a')).toBe(0);
    expect(await limiter.peek('login:u1:b')).toBe(0);
    expect(await limiter.peek('login:u10:a')).toBe(1);
    await limiter.resetPrefix('login:u_');
    expect(await limiter.peek('login:u_:a')).toBe(0);
    expect(await limiter.peek('login:u10:a')).toBe(1);
    await limiter.reset('login:u10:a');
    expect(await limiter.peek('login:u10:a')).toBe(0);
  });

  it('sweeps expired keys only (the limits.sweep job); Redis expires its own', async () => {
    await limiter.hit('sweep:old', { windowMs: 1_000, max: 5 });
    await limiter.hit('sweep:live', { windowMs: 600_000, max: 5 });
    clock.advance(2_000);
    const gone = await limiter.sweep();
    if (driver === 'redis') expect(gone).toBe(0);
    else expect(gone).toBeGreaterThanOrEqual(1);
    expect(await limiter.peek('sweep:old')).toBe(0);
    expect(await limiter.peek('sweep:live')).toBe(1);
  });
});
