import type { PushKeyResult, PushMessage, PushSubscribeResult } from '@openbourse/contracts/push.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { loadVapidKeys } from '../push.keys.ts';
import { pushDeliveries, pushVapid } from '../push.tables.ts';
import { browserKeys, startPushService } from './push-helpers.ts';

/**
 * Web push through the API on each database: the public key, subscribing and unsubscribing (signed
 * in, validated), and a notification pushed after its commit to a local stand-in for the push
 * service, encrypted to the browser's keys, in the language the browser subscribed in; a gone
 * subscription (410) is deleted; an endpoint that moved to another user gets nothing of the first's.
 */
describe.each(DRIVERS)('web push on %s', (driver) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
    // The local push service is plain http on 127.0.0.1: named as the operator would name theirs.
    vi.stubEnv('PUSH_ENDPOINT_HOSTS', '127.0.0.1');
    t = await createTestApp(driver);
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const subscribe = (token: string, body: unknown, lang = 'en') =>
    t.call<PushSubscribeResult>('POST', '/swx/customer/push/subscribe', { token, body, headers: { lang } });
  const notify = async (userId: number) => {
    await t.database.db.transaction((tx) =>
      t.services.notifications.notify(tx, { userId, kind: 'passwordChanged', subject: { type: 'account' } }),
    );
    t.services.notifications.published();
  };
  const decode = (browser: ReturnType<typeof browserKeys>, n: number) =>
    JSON.parse(browser.decrypt(service.received[n]!.body)) as PushMessage;

  it('answers the public key, the same on every call, without a session', async () => {
    const a = await t.call<PushKeyResult>('GET', '/swx/customer/push/publicKey');
    const b = await t.call<PushKeyResult>('GET', '/swx/customer/push/publicKey');
    expect(a.body.code).toBe(200);
    expect(Buffer.from(a.body.result.publicKey, 'base64url')).toHaveLength(65);
    expect(b.body.result.publicKey).toBe(a.body.result.publicKey);
  });

  it('subscribing needs a session, a push service and valid keys', async () => {
    const u = await registerUser(t);
    const { keys } = browserKeys();
    const anon = await t.call('POST', '/swx/customer/push/subscribe', {
      body: { endpoint: service.endpoint('x'), keys },
    });
    expect(anon.status).toBe(401);
    expect((await subscribe(u.token, { endpoint: 'https://169.254.169.254/latest', keys })).body).toMatchObject({
      code: 40145,
      field: 'endpoint',
    });
    expect(
      (await subscribe(u.token, { endpoint: service.endpoint('x'), keys: { ...keys, auth: 'AAAA' } })).body,
    ).toMatchObject({ code: 40146, field: 'keys.auth' });
    expect((await subscribe(u.token, { endpoint: service.endpoint('x') })).body.code).toBe(40001);
    expect(await t.services.push.count(u.id)).toBe(0);
  });

  it('a new notification is pushed after its commit, encrypted, in the subscription’s language', async () => {
    const u = await registerUser(t);
    const browser = browserKeys();
    const endpoint = service.endpoint(`u${u.id}`);
    const res = await subscribe(u.token, { endpoint, keys: browser.keys }, 'fr');
    expect(res.body).toMatchObject({ code: 200, result: { subscribed: true } });
    // Subscribing again (same browser) keeps one subscription.
    await subscribe(u.token, { endpoint, keys: browser.keys }, 'de');
    expect(await t.services.push.count(u.id)).toBe(1);

    const before = service.received.length;
    await notify(u.id);
    await service.waitFor(before + 1);
    const req = service.received[before]!;
    expect(req.path).toBe(`/push/u${u.id}`);
    const message = decode(browser, before);
    const [listed] = (
      await t.call<{ list: { id: number; title: string; body: string }[] }>(
        'GET',
        '/swx/customer/user/listNotification',
        {
          token: u.token,
          headers: { lang: 'de' },
        },
      )
    ).body.result.list;
    expect(message).toEqual({ id: listed!.id, title: listed!.title, body: listed!.body, url: '/profile/notification' });
    await t.services.push.drain();
    const [delivery] = await t.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, u.id));
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1, notificationId: listed!.id });
  });

  it('a notification that rolls back pushes nothing', async () => {
    const u = await registerUser(t);
    const browser = browserKeys();
    await subscribe(u.token, { endpoint: service.endpoint(`rb${u.id}`), keys: browser.keys });
    await t.database.db
      .transaction(async (tx) => {
        await t.services.notifications.notify(tx, {
          userId: u.id,
          kind: 'passwordChanged',
          subject: { type: 'account' },
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.services.push.drain();
    expect(await t.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, u.id))).toEqual([]);
  });

  it('a subscription the push service says is gone (410) is deleted', async () => {
    const u = await registerUser(t);
    await subscribe(u.token, { endpoint: service.endpoint(`gone${u.id}`), keys: browserKeys().keys });
    service.answer(410);
    try {
      const before = service.received.length;
      await notify(u.id);
      await service.waitFor(before + 1);
      await t.services.push.drain();
      expect(await t.services.push.count(u.id)).toBe(0);
    } finally {
      service.answer(201);
    }
  });

  it('an endpoint taken over by another user gets nothing more of the first user’s', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const endpoint = service.endpoint(`shared${a.id}`);
    await subscribe(a.token, { endpoint, keys: browserKeys().keys });
    // A's notification is queued; before it is sent, the browser signs in as B and subscribes.
    await t.services.push.stop();
    try {
      await t.database.db.transaction((tx) =>
        t.services.notifications.notify(tx, { userId: a.id, kind: 'passwordChanged', subject: { type: 'account' } }),
      );
      const browserB = browserKeys();
      await subscribe(b.token, { endpoint, keys: browserB.keys });
      expect(await t.services.push.count(a.id)).toBe(0);
      expect(await t.services.push.count(b.id)).toBe(1);
      const before = service.received.length;
      await t.services.push.drain();
      expect(service.received.length).toBe(before);
      await notify(b.id);
      await t.services.push.drain();
      expect(service.received.length).toBe(before + 1);
      expect(decode(browserB, before).title).toBeTruthy();
    } finally {
      await t.services.push.start();
    }
  });

  it('unsubscribing forgets one’s own subscription only, idempotently', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const endpoint = service.endpoint(`unsub${a.id}`);
    await subscribe(a.token, { endpoint, keys: browserKeys().keys });
    const other = await t.call<PushSubscribeResult>('POST', '/swx/customer/push/unsubscribe', {
      token: b.token,
      body: { endpoint },
    });
    expect(other.body.code).toBe(200);
    expect(await t.services.push.count(a.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await t.call<PushSubscribeResult>('POST', '/swx/customer/push/unsubscribe', {
        token: a.token,
        body: { endpoint },
      });
      expect(res.body).toMatchObject({ code: 200, result: { subscribed: false } });
    }
    expect(await t.services.push.count(a.id)).toBe(0);
  });
});

describe.each(DRIVERS)('the VAPID key pair on %s', (driver) => {
  it('concurrent first starts store one pair, and every process reads that one', async () => {
    const database = await openTestDatabase(driver);
    try {
      const clock = new ManualClock(new Date());
      const none = { publicKey: undefined, privateKey: undefined };
      const pairs = await Promise.all(Array.from({ length: 8 }, () => loadVapidKeys(database.db, clock, none)));
      expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
      expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
      expect(await database.db.select().from(pushVapid)).toHaveLength(1);
      // A later start reads the stored pair; a configured pair wins over it.
      expect(await loadVapidKeys(database.db, clock, none)).toEqual(pairs[0]);
      expect(await loadVapidKeys(database.db, clock, { publicKey: 'P', privateKey: 'S' })).toEqual({
        publicKey: 'P',
        privateKey: 'S',
      });
    } finally {
      await database.close();
    }
  });
});

describe('the web manifest route', () => {
  it('names the app after the platform, as a manifest that is revalidated', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toMatchObject({ name: 'OpenBourse', display: 'standalone', start_url: '/' });
    } finally {
      await t.close();
    }
  });
});
