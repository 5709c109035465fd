import { type ApiKeyView, type CreatedApiKey, MAX_API_KEYS } from '@openbourse/contracts/apikeys.ts';
import type { ListUOrderResult, UOrder } from '@openbourse/contracts/trading.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { DRIVERS } from '../../../test/db.ts';
import { btc, createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';
import { totpCode } from '../../twofactor/twofactor.codes.ts';
import { createApiKeys } from '../apikeys.service.ts';
import { MAX_AGE_MS } from '../apikeys.signing.ts';
import { apiKeys } from '../apikeys.tables.ts';
import { createKey, signed } from './helpers.ts';

/**
 * API keys through the HTTP API: created once with the password (the secret shown once, sealed at
 * rest), signed requests acting for the user within the key's scopes, and every refusal: wrong
 * signature, stale or future timestamp, replay (50 at once: one accepted), another address, a revoked
 * key, a read key on an order route, any key on withdrawal, password, contact and key routes, the
 * per-key rate under a burst.
 */
describe.each(DRIVERS)('API keys on %s', (driver) => {
  let t: TradingTestApp;
  let btcId = 0;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    btcId = (await t.inst('BTCUSDT')).id;
    await t.tick('BTCUSDT', '94990.00', '95000.00');
  });
  afterAll(async () => t?.close());
  // Each test starts with a fresh per-key window.
  beforeEach(async () => t.services.limiter.resetPrefix('apikey:rate:'));

  const newKey = async (token: string, scopes: string[], extra: { ips?: string[] } = {}) => {
    const res = await createKey(t, token, { scopes, ...extra });
    expect(res.code, JSON.stringify(res)).toBe(200);
    return { keyId: res.result.key.keyId, secret: res.result.secret };
  };

  it('creates a key with the password, shows its secret once, keeps it only sealed, lists and revokes it', async () => {
    const u = await t.user();
    expect((await createKey(t, u.token, { scopes: ['read'], password: 'Wrong1234' })).code).toBe(10004);
    const created = await createKey(t, u.token, {
      label: ' my bot ',
      scopes: ['trade', 'read'],
      ips: ['203.0.113.7', '10.0.0.0/8', '2001:DB8::/32'],
      expiresAt: t.clock.now().getTime() + 86_400_000,
    });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const { key, secret } = created.result as CreatedApiKey;
    expect(key.keyId).toMatch(/^obk_[0-9a-f]{24}$/);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(key).toMatchObject({
      label: 'my bot',
      scopes: ['read', 'trade'],
      ips: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.keyId, key.keyId));
    expect(row?.secretSealed).not.toContain(secret);

    const list = await t.call<ApiKeyView[]>('GET', '/swx/customer/apiKey/list', { token: u.token });
    expect(list.body.result).toEqual([key]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    // Another user cannot revoke it; its owner can, once.
    const other = await t.user();
    const foreign = await t.call('POST', '/swx/customer/apiKey/revoke', {
      token: other.token,
      body: { keyId: key.keyId },
    });
    expect(foreign.body.code).toBe(40139);
    const revoked = await t.call('POST', '/swx/customer/apiKey/revoke', { token: u.token, body: { keyId: key.keyId } });
    expect(revoked.body.code).toBe(200);
    const again = await t.call('POST', '/swx/customer/apiKey/revoke', { token: u.token, body: { keyId: key.keyId } });
    expect(again.body.code).toBe(40139);
    expect((await t.call<ApiKeyView[]>('GET', '/swx/customer/apiKey/list', { token: u.token })).body.result).toEqual(
      [],
    );
  });

  it('refuses bad input: an invalid address, no scope, an unknown scope, a past expiry, no password', async () => {
    const u = await t.user();
    const bad = await createKey(t, u.token, { scopes: ['read'], ips: ['10.0.0.1', '10.0.0.300'] });
    expect(bad).toMatchObject({ code: 40138, field: 'ips' });
    expect(bad.msg).toContain('10.0.0.300');
    expect((await createKey(t, u.token, { scopes: [] })).code).toBe(40001);
    expect((await createKey(t, u.token, { scopes: ['withdraw'] })).code).toBe(40001);
    expect((await createKey(t, u.token, { scopes: ['read'], expiresAt: t.clock.now().getTime() - 1 })).code).toBe(
      40001,
    );
    const noPassword = await t.call('POST', '/swx/customer/apiKey/create', {
      token: u.token,
      body: { label: 'x', scopes: ['read'] },
    });
    expect(noPassword.body.code).toBe(40024);
    expect((await t.call('GET', '/swx/customer/apiKey/list')).status).toBe(401);
  });

  it('signed requests act for the key’s user: balances, an order placed, the order listed, last used set', async () => {
    const u = await t.user({ real: '10000' });
    const key = await newKey(u.token, ['read', 'trade']);
    const balances = await signed(t, key, 'GET', '/swx/customer/user/getBalances');
    expect(balances.body.code, JSON.stringify(balances.body)).toBe(200);
    const order = await signed<UOrder>(t, key, 'POST', '/swx/customer/order/buyU', btc({ instrumentId: btcId }));
    expect(order.body.code, JSON.stringify(order.body)).toBe(200);
    t.clock.advance(1);
    const list = await signed<ListUOrderResult>(t, key, 'GET', '/swx/customer/order/listUOrder?status=2&size=10');
    expect(list.body.code).toBe(200);
    expect(list.body.result.list.map((o) => o.id)).toEqual([order.body.result.id]);
    // The session sees the same order.
    const viaSession = await t.get<ListUOrderResult>('listUOrder', u.token, { status: '2' });
    expect(viaSession.result.list.map((o) => o.id)).toEqual([order.body.result.id]);
    const info = await signed<{ username: string }>(t, key, 'POST', '/swx/customer/user/getUserInfo');
    expect(info.body.code).toBe(200);
    const [listed] = (await t.call<ApiKeyView[]>('GET', '/swx/customer/apiKey/list', { token: u.token })).body.result;
    expect(listed?.lastUsedAt).not.toBeNull();
    await t.expectBalanced();
  });

  it('refuses a wrong signature, an unknown key, stale and future timestamps (HTTP 401)', async () => {
    const u = await t.user();
    const key = await newKey(u.token, ['read']);
    const url = '/swx/customer/user/getBalances';
    const wrongSig = await signed(t, key, 'GET', url, undefined, { signature: 'a'.repeat(64) });
    expect([wrongSig.status, wrongSig.body.code]).toEqual([401, 40136]);
    const otherSecret = await signed(t, { ...key, secret: `${key.secret}x` }, 'GET', url);
    expect(otherSecret.body.code).toBe(40136);
    // The signature covers the query: another query with the same signature is refused.
    const ts = String(t.clock.now().getTime());
    const good = await signed(t, key, 'GET', `${url}?a=1`, undefined, { timestamp: ts });
    expect(good.body.code).toBe(200);
    const unknown = await signed(t, { keyId: 'obk_000000000000000000000000', secret: key.secret }, 'GET', url);
    expect([unknown.status, unknown.body.code]).toEqual([401, 40130]);
    const now = t.clock.now().getTime();
    const stale = await signed(t, key, 'GET', url, undefined, { timestamp: String(now - MAX_AGE_MS - 1) });
    expect([stale.status, stale.body.code]).toEqual([401, 40133]);
    const future = await signed(t, key, 'GET', url, undefined, { timestamp: String(now + 5_000) });
    expect(future.body.code).toBe(40133);
    const missing = await signed(t, key, 'GET', url, undefined, { timestamp: '' });
    expect(missing.body.code).toBe(40133);
    const justInWindow = await signed(t, key, 'GET', url, undefined, { timestamp: String(now - MAX_AGE_MS) });
    expect(justInWindow.body.code).toBe(200);
  });

  it('accepts one of 50 concurrent replays of a signed order, and a replay later too is refused', async () => {
    const u = await t.user({ real: '100000' });
    const key = await newKey(u.token, ['read', 'trade']);
    const body = btc({ instrumentId: btcId, clientOrderId: undefined });
    const ts = String(t.clock.now().getTime());
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        signed<UOrder>(t, key, 'POST', '/swx/customer/order/buyU', body, { timestamp: ts }),
      ),
    );
    const codes = all.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 40135)).toHaveLength(49);
    t.clock.advance(2_000);
    const later = await signed(t, key, 'POST', '/swx/customer/order/buyU', body, { timestamp: ts });
    expect(later.body.code).toBe(40135);
    const orders = await t.get<ListUOrderResult>('listUOrder', u.token, {});
    expect(orders.result.list).toHaveLength(1);
    await t.expectBalanced();
  });

  it('refuses an address outside the allow-list (403), accepts one inside', async () => {
    const u = await t.user();
    const key = await newKey(u.token, ['read'], { ips: ['203.0.113.0/24', '2001:db8::1'] });
    const url = '/swx/customer/user/getBalances';
    const outside = await signed(t, key, 'GET', url, undefined, { remoteAddress: '198.51.100.1' });
    expect([outside.status, outside.body.code]).toEqual([403, 40132]);
    const local = await signed(t, key, 'GET', url);
    expect(local.body.code).toBe(40132);
    expect((await signed(t, key, 'GET', url, undefined, { remoteAddress: '203.0.113.9' })).body.code).toBe(200);
    t.clock.advance(1);
    expect((await signed(t, key, 'GET', url, undefined, { remoteAddress: '2001:db8::1' })).body.code).toBe(200);
  });

  it('refuses a revoked key and an expired one', async () => {
    const u = await t.user();
    const key = await newKey(u.token, ['read']);
    const url = '/swx/customer/user/getBalances';
    expect((await signed(t, key, 'GET', url)).body.code).toBe(200);
    await t.call('POST', '/swx/customer/apiKey/revoke', { token: u.token, body: { keyId: key.keyId } });
    t.clock.advance(1);
    const revoked = await signed(t, key, 'GET', url);
    expect([revoked.status, revoked.body.code]).toEqual([401, 40131]);

    const expiring = await createKey(t, u.token, { scopes: ['read'], expiresAt: t.clock.now().getTime() + 60_000 });
    const k2 = { keyId: expiring.result.key.keyId, secret: expiring.result.secret };
    expect((await signed(t, k2, 'GET', url)).body.code).toBe(200);
    t.clock.advance(60_000);
    expect((await signed(t, k2, 'GET', url)).body.code).toBe(40131);
  });

  it('a read key may not trade; no key reaches withdrawals, passwords, contacts or keys (403 40134)', async () => {
    const u = await t.user({ real: '10000' });
    const read = await newKey(u.token, ['read']);
    const order = await signed(t, read, 'POST', '/swx/customer/order/buyU', btc({ instrumentId: btcId }));
    expect([order.status, order.body.code]).toEqual([403, 40134]);
    const spot = await signed(t, read, 'POST', '/swx/customer/order/submit', { pairId: 1 });
    expect(spot.body.code).toBe(40134);
    const cancel = await signed(t, read, 'POST', '/swx/customer/order/chedan', { id: 1 });
    expect(cancel.body.code).toBe(40134);

    const full = await newKey(u.token, ['read', 'trade']);
    for (const [method, url, body] of [
      ['POST', '/swx/customer/user/withdrawal', { currency: 'USDT', amount: '1' }],
      ['GET', '/swx/customer/user/withdrawalQuote?currency=USDT&amount=1', undefined],
      ['POST', '/swx/customer/user/repassword', { oldPassword: 'Secret123', password: 'Other1234' }],
      ['POST', '/swx/customer/user/repasswordTx', { password: 'Secret123', txPassword: '123456' }],
      ['POST', '/swx/customer/user/changeContact', { kind: 'email' }],
      ['POST', '/swx/customer/apiKey/create', { label: 'x', scopes: ['read'], password: 'Secret123' }],
      ['POST', '/swx/customer/apiKey/revoke', { keyId: full.keyId }],
      ['GET', '/swx/customer/apiKey/list', undefined],
      ['GET', '/swx/customer/user/listSessions', undefined],
    ] as const) {
      t.clock.advance(1);
      const res = await signed(t, full, method, url, body);
      expect([res.status, res.body.code], url).toEqual([403, 40134]);
    }
    expect(
      (await t.call<ApiKeyView[]>('GET', '/swx/customer/apiKey/list', { token: u.token })).body.result,
    ).toHaveLength(2);
  });

  it('holds the per-key rate under a burst: 10 of 30 concurrent requests pass, then 42900 (429)', async () => {
    const u = await t.user();
    const key = await newKey(u.token, ['read']);
    const other = await newKey(u.token, ['read']);
    const now = t.clock.now().getTime();
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signed(t, key, 'GET', `/swx/customer/user/getBalances?n=${i}`, undefined, { timestamp: String(now - i) }),
      ),
    );
    const codes = all.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(t.services.apiKeys.options.perKey.max);
    expect(codes.filter((c) => c === 42900)).toHaveLength(30 - t.services.apiKeys.options.perKey.max);
    expect(all.find((r) => r.body.code === 42900)?.status).toBe(429);
    // Another key (and the user's session) is not slowed.
    expect((await signed(t, other, 'GET', '/swx/customer/user/getBalances')).body.code).toBe(200);
    expect((await t.call('GET', '/swx/customer/user/getBalances', { token: u.token })).body.code).toBe(200);
    // The next window serves the key again.
    t.clock.advance(t.services.apiKeys.options.perKey.windowMs);
    expect((await signed(t, key, 'GET', '/swx/customer/user/getBalances')).body.code).toBe(200);
  });

  it('caps live keys per user under concurrency: 25 creations at once, 20 made', async () => {
    const u = await t.user();
    // The service as the platform builds it, with the password tries lifted (25 at once exceed them).
    const keys = createApiKeys({
      db: t.database.db,
      clock: t.clock,
      limiter: t.services.limiter,
      users: t.services.users,
      box: createSecretBox('a test key', 'apikeys'),
      options: { passwordTries: { windowMs: 60_000, max: 1000 } },
    });
    const create = (label: string) =>
      keys.create(u.id, { label, scopes: ['read'], ips: [], password: 'Secret123' }).then(
        () => 200,
        (err: { code: number }) => err.code,
      );
    const codes = await Promise.all(Array.from({ length: 25 }, (_, i) => create(`k${i}`)));
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_API_KEYS);
    expect(codes.filter((c) => c === 40137)).toHaveLength(25 - MAX_API_KEYS);
    // The API answers the same (its own password-try count starts afresh); a revoked key frees its place.
    await t.services.limiter.reset(`apikey:pw:${u.id}`);
    const refused = await createKey(t, u.token, { scopes: ['read'] });
    expect(refused).toMatchObject({ code: 40137 });
    expect(refused.msg).toContain(String(MAX_API_KEYS));
    const [first] = await keys.list(u.id);
    await t.call('POST', '/swx/customer/apiKey/revoke', { token: u.token, body: { keyId: first!.keyId } });
    expect((await createKey(t, u.token, { scopes: ['read'] })).code).toBe(200);
    expect((await createKey(t, u.token, { scopes: ['read'] })).code).toBe(40137);
  });

  it('asks a current second factor once the user has one (two-factor verifyStepUp)', async () => {
    const u = await t.user();
    const tf = (path: string, body: unknown) =>
      t.call<{ secret: string }>('POST', `/swx/customer/twofactor/${path}`, { token: u.token, body });
    const start = await tf('totp/start', { password: 'Secret123' });
    expect(start.body.code, JSON.stringify(start.body)).toBe(200);
    const secret = start.body.result.secret;
    expect((await tf('totp/confirm', { code: totpCode(secret, t.clock.now().getTime()) })).body.code).toBe(200);
    t.clock.advance(30_000);
    expect((await createKey(t, u.token, { scopes: ['read'] })).code).toBe(40120);
    const wrong = await t.call('POST', '/swx/customer/apiKey/create', {
      token: u.token,
      body: { label: 'x', scopes: ['read'], password: 'Secret123', proof: { method: 'totp', code: '000000' } },
    });
    expect(wrong.body.code).toBe(40121);
    const right = await t.call('POST', '/swx/customer/apiKey/create', {
      token: u.token,
      body: {
        label: 'x',
        scopes: ['read'],
        password: 'Secret123',
        proof: { method: 'totp', code: totpCode(secret, t.clock.now().getTime()) },
      },
    });
    expect(right.body.code, JSON.stringify(right.body)).toBe(200);
  });

  it('leaves ordinary requests alone: sessions and bodies as before, OpenAPI shows the key scheme', async () => {
    const u = await t.user({ real: '10000' });
    const res = await t.post('buyU', u.token, btc({ instrumentId: btcId }));
    expect(res.code).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['token', 'apiKey', 'apiKeyTimestamp', 'apiKeySignature']),
    );
    const buy = doc.paths['/swx/customer/order/buyU'].post;
    expect(buy.security).toContainEqual({ apiKey: [], apiKeyTimestamp: [], apiKeySignature: [] });
    expect(buy.description).toContain('scope `trade`');
    expect(JSON.stringify(doc.paths['/swx/customer/user/withdrawal'].post.security)).not.toContain('apiKey');
  });
});
