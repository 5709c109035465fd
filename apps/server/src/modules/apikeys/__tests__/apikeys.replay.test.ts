import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestApp, createTestApp } from '../../../test/app.ts';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { createRedisRateLimiter } from '../../limits/limits.redis.ts';
import { createRateLimiter, type RateLimiter } from '../../limits/limits.service.ts';
import { type ApiKeysService, createApiKeys } from '../apikeys.service.ts';
import { sign } from '../apikeys.signing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * Replays and the per-key rate counted in each shared store a deployment may use: the database's
 * rate_limits (PGlite here) and Redis (when TEST_REDIS_URL is given). Two services over one store
 * stand for two server processes: among 40 copies of one signed request sent to both at once,
 * exactly one is accepted.
 */
const stores: [string, (t: TestApp) => RateLimiter & { close?(): Promise<void> }][] = [
  ['rate_limits table', (t) => createRateLimiter({ db: t.database.db, clock: t.clock })],
];
if (REDIS_URL) {
  stores.push([
    'Redis',
    (t) =>
      createRedisRateLimiter({ url: REDIS_URL, clock: t.clock, prefix: `ob-test-${randomBytes(4).toString('hex')}:` }),
  ]);
}

describe.each(stores)('API key replays across processes (%s)', (_name, makeLimiter) => {
  let t: TestApp;
  let limiter: RateLimiter & { close?(): Promise<void> };
  let processes: ApiKeysService[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    limiter = makeLimiter(t);
    const box = createSecretBox('a test key', 'apikeys');
    const build = () => createApiKeys({ db: t.database.db, clock: t.clock, limiter, users: t.services.users, box });
    processes = [build(), build()];
  });
  afterAll(async () => {
    await limiter?.close?.();
    await t?.close();
  });

  it('accepts one of 40 concurrent copies spread over two processes; the rate counts across them', async () => {
    const u = await registerUser(t);
    const [a, b] = processes as [ApiKeysService, ApiKeysService];
    const { key, secret } = await a.create(u.id, { label: 'bot', scopes: ['read'], ips: [], password: u.password });
    const request = (timestamp: string, url = '/swx/customer/user/getBalances') => ({
      keyId: key.keyId,
      timestamp,
      signature: sign(secret, timestamp, 'GET', url),
      method: 'GET',
      url,
      body: Buffer.alloc(0),
      ip: '127.0.0.1',
      scope: 'read' as const,
    });
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (err: { code: number }) => err.code,
      );
    const ts = String(t.clock.now().getTime());
    const codes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => outcome((i % 2 ? a : b).authenticate(request(ts)))),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40135)).toHaveLength(39);

    // Distinct requests: the key's 10 a second hold across both processes together.
    t.clock.advance(1_000);
    const now = t.clock.now().getTime();
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        outcome((i % 2 ? a : b).authenticate(request(String(now - i), `/swx/customer/user/getBalances?i=${i}`))),
      ),
    );
    expect(burst.filter((c) => c === 200)).toHaveLength(a.options.perKey.max);
    expect(burst.filter((c) => c === 42900)).toHaveLength(24 - a.options.perKey.max);
  });
});
