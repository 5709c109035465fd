import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { createRateLimiter, type RateLimiter } from '../limits.service.ts';

describe.each(DRIVERS)('shared rate limiter on %s', (driver) => {
  let database: Database;
  let clock: ManualClock;
  let limiter: RateLimiter;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = new ManualClock('2026-11-24T12:00:00Z');
    limiter = createRateLimiter({ db: database.db, clock });
  });
  afterAll(async () => database?.close());

  const rule = { windowMs: 60_000, max: 10 };

  it('lets exactly max of hundreds of concurrent hits through', async () => {
    const n = driver === 'postgres' ? 500 : 200;
    const hits = await Promise.all(Array.from({ length: n }, () => limiter.hit('burst', rule)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('two limiters over one database (two processes) share the count', async () => {
    const other = createRateLimiter({ db: database.db, clock });
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
});
