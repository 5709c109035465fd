import { ErrorCode } from '@openbourse/contracts/errors.ts';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.ts';
import { checkEndpoint, checkKeys } from '../push.endpoint.ts';
import { buildManifest } from '../push.manifest.ts';
import { pushLink } from '../push.relay.ts';
import { createPushSender } from '../push.sender.ts';
import { browserKeys, startPushService } from './push-helpers.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : 'not an AppError';
  }
  return 'no error';
};

describe('push endpoints and keys', () => {
  it('accepts the browsers’ push services over https only', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      expect(checkEndpoint(url, []).href).toBe(url);
    }
    for (const url of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/x',
      'https://evilfcm.googleapis.com.example.com/x',
      'https://127.0.0.1/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://localhost:8080/swx/admin',
      'not a url',
    ]) {
      expect(
        codeOf(() => checkEndpoint(url, [])),
        url,
      ).toBe(ErrorCode.PushEndpointRefused);
    }
  });

  it('accepts http and any port for the hosts the operator names', () => {
    expect(checkEndpoint('http://127.0.0.1:9999/p', ['127.0.0.1']).port).toBe('9999');
    expect(checkEndpoint('http://push.local:81/p', ['push.local:81']).host).toBe('push.local:81');
    expect(codeOf(() => checkEndpoint('http://push.local:82/p', ['push.local:81']))).toBe(
      ErrorCode.PushEndpointRefused,
    );
  });

  it('wants a P-256 point and a 16-byte secret', () => {
    const { keys } = browserKeys();
    expect(checkKeys(keys)).toEqual(keys);
    expect(codeOf(() => checkKeys({ ...keys, p256dh: keys.p256dh.slice(4) }))).toBe(ErrorCode.PushKeysInvalid);
    expect(codeOf(() => checkKeys({ ...keys, auth: 'AAAA' }))).toBe(ErrorCode.PushKeysInvalid);
    expect(codeOf(() => checkKeys({ ...keys, auth: 'not base64!' }))).toBe(ErrorCode.PushKeysInvalid);
  });

  it('links a push to the page of its subject', () => {
    const s = { id: null, code: null, mode: null };
    expect(pushLink({ kind: 'stopLoss', subject: { ...s, type: 'order', id: 1, code: 'BTC/USDT' } })).toBe(
      '/market?id=BTC%2FUSDT',
    );
    expect(pushLink({ kind: 'nftWon', subject: { ...s, type: 'nft', id: 42 } })).toBe('/nfts/42');
    expect(pushLink({ kind: 'kycVerified', subject: { ...s, type: 'account' } })).toBe('/profile/verify');
    expect(pushLink({ kind: 'newSignIn', subject: { ...s, type: 'account' } })).toBe('/profile/notification');
  });
});

describe('the push sender', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  const vapid = webpush.generateVAPIDKeys();
  const sender = createPushSender({
    vapid: async () => vapid,
    subject: 'mailto:ops@example.com',
    timeoutMs: 5_000,
    ttlSeconds: 60,
  });
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => service?.close());

  it('encrypts to the browser’s keys and signs with the VAPID key', async () => {
    const browser = browserKeys();
    service.answer(201);
    const before = service.received.length;
    expect(await sender({ endpoint: service.endpoint('a'), ...browser.keys }, '{"hello":"world"}')).toEqual({
      kind: 'sent',
    });
    const req = service.received[before]!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe('60');
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
    expect(browser.decrypt(req.body)).toBe('{"hello":"world"}');
  });

  it('404 and 410 mean the subscription is gone; 429 and 5xx are retried; other answers fail', async () => {
    const { keys } = browserKeys();
    const target = { endpoint: service.endpoint('b'), ...keys };
    for (const [status, kind] of [
      [404, 'gone'],
      [410, 'gone'],
      [429, 'retry'],
      [503, 'retry'],
      [400, 'failed'],
      [413, 'failed'],
      [301, 'failed'],
    ] as const) {
      service.answer(status);
      expect((await sender(target, 'x')).kind, String(status)).toBe(kind);
    }
  });

  it('a push service that does not answer is abandoned after the timeout and retried', async () => {
    const { keys } = browserKeys();
    service.hang();
    const started = Date.now();
    const impatient = createPushSender({
      vapid: async () => vapid,
      subject: 'mailto:ops@example.com',
      timeoutMs: 300,
      ttlSeconds: 60,
    });
    const outcome = await impatient({ endpoint: service.endpoint('c'), ...keys }, 'x');
    expect(outcome).toEqual({ kind: 'retry', error: 'timed out after 300 ms' });
    expect(Date.now() - started).toBeLessThan(3_000);
    service.answer(201);
  });

  it('a push service that cannot be reached is retried', async () => {
    const { keys } = browserKeys();
    const outcome = await sender({ endpoint: 'http://127.0.0.1:1/push', ...keys }, 'x');
    expect(outcome.kind).toBe('retry');
  });
});

describe('the web manifest', () => {
  it('is installable: named after the platform, standalone, in scope, themed, 192/512 and maskable icons', () => {
    const m = buildManifest('Acme Markets International');
    expect(m).toMatchObject({
      id: '/',
      name: 'Acme Markets International',
      short_name: 'Acme',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0a101c',
      theme_color: '#0a101c',
    });
    const sizes = (purpose: string) => m.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
    for (const icon of m.icons) expect(icon.src).toMatch(/^\/icons\/[\w-]+\.png$/);
    expect(buildManifest('OpenBourse').short_name).toBe('OpenBourse');
    expect(buildManifest('  ').name).toBe('OpenBourse');
  });
});
