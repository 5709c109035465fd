import { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';
import type { LimitHit, LimitRule, RateLimiter } from './limits.service.ts';

/**
 * Counts a hit and reads the window in one script, so Redis runs it atomically: a key that has
 * expired starts again at 1 with a fresh window; the answer is [hits, ms left]. The window's end is
 * stored beside the count, so it follows the injectable clock; the key's TTL (relative, in Redis's
 * own time) only cleans up after it.
 * KEYS[1] the counter; ARGV[1] now (ms), ARGV[2] window (ms).
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'hits', 'ends')
local hits = tonumber(v[1])
local ends = tonumber(v[2])
if not hits or not ends or ends <= now then
  hits = 0
  ends = now + window
end
hits = hits + 1
redis.call('HSET', KEYS[1], 'hits', hits, 'ends', ends)
redis.call('PEXPIRE', KEYS[1], ends - now + 1000)
return {hits, ends - now}
`;

/**
 * The shared limiter on Redis (REDIS_URL): the same rules as the database's `rate_limits`, without
 * a database write per counted request, so a flood of refused requests costs the database nothing.
 */
export function createRedisRateLimiter(opts: { url: string; clock: Clock; prefix?: string }): RateLimiter & {
  close(): Promise<void>;
} {
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const prefix = opts.prefix ?? 'openbourse:limit:';
  redis.defineCommand('obHit', { numberOfKeys: 1, lua: HIT });
  const hit = (redis as unknown as { obHit(key: string, now: number, window: number): Promise<[number, number]> })
    .obHit;

  return {
    async hit(key: string, rule: LimitRule): Promise<LimitHit> {
      const [hits, left] = await hit.call(redis, prefix + key, opts.clock.now().getTime(), rule.windowMs);
      return { allowed: hits <= rule.max, hits, retryAfterMs: Math.max(0, left) };
    },
    async peek(key: string): Promise<number> {
      const [hits, ends] = await redis.hmget(prefix + key, 'hits', 'ends');
      return hits && ends && Number(ends) > opts.clock.now().getTime() ? Number(hits) : 0;
    },
    async reset(...keys: string[]): Promise<void> {
      if (keys.length > 0) await redis.del(...keys.map((k) => prefix + k));
    },
    async resetPrefix(p: string): Promise<void> {
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${escapeGlob(prefix + p)}*`, 'COUNT', 500);
        if (found.length > 0) await redis.del(...found);
        cursor = next;
      } while (cursor !== '0');
    },
    // Every key carries its window as its TTL: Redis removes it when it ends.
    async sweep() {
      return 0;
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** Redis MATCH is a glob: the prefix's own *, ?, [ and \ are taken literally. */
const escapeGlob = (s: string) => s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
