import webpush from 'web-push';
import type { VapidKeys } from './push.keys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: delivered to the push service; `gone` (404/410: the browser dropped the
 * subscription, so it is deleted); `retry` (a timeout, the network, 429 or 5xx: worth another try);
 * `failed` (any other answer: the request itself is wrong, retrying would not help).
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

export type SendPush = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/**
 * Encrypts the payload to the browser's keys (RFC 8291, aes128gcm), signs with the VAPID key
 * (RFC 8292) and POSTs it to the endpoint, abandoning the request after `timeoutMs`. Redirects are
 * not followed (the endpoint was checked; where it redirects was not).
 */
export function createPushSender(deps: {
  vapid: () => Promise<VapidKeys>;
  subject: string;
  timeoutMs: number;
  ttlSeconds: number;
  fetch?: typeof fetch;
}): SendPush {
  const doFetch = deps.fetch ?? fetch;
  return async (target, payload) => {
    const vapid = await deps.vapid();
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: deps.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: deps.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
    } catch (err) {
      return { kind: 'failed', error: message(err) };
    }
    let res: Response;
    try {
      res = await doFetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return { kind: 'retry', error: timedOut ? `timed out after ${deps.timeoutMs} ms` : message(err) };
    }
    // The answer's body is not needed: drop it so the connection is freed.
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
    if (res.status === 429 || res.status >= 500) return { kind: 'retry', error: `push service answered ${res.status}` };
    return { kind: 'failed', error: `push service answered ${res.status}` };
  };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
