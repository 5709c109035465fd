import { pushErrors } from './push.errors.ts';

/**
 * The browsers' push services (Chrome/Edge/Opera via FCM, Firefox's autopush, Edge's WNS, Safari's
 * APNs web push): a subscription's endpoint must be one of them, over https. The server POSTs to
 * the endpoint, so any other URL a client names (an internal address) is refused.
 */
const PUSH_SERVICE_SUFFIXES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const isPushService = (host: string) => PUSH_SERVICE_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));

/** The endpoint as a URL if the platform sends to it; throws 40145 otherwise. */
export function checkEndpoint(endpoint: string, extraHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw pushErrors.endpointRefused();
  }
  if (url.username || url.password) throw pushErrors.endpointRefused();
  const host = url.hostname.toLowerCase();
  const extra = extraHosts.includes(url.host.toLowerCase()) || extraHosts.includes(host);
  if (extra && (url.protocol === 'https:' || url.protocol === 'http:')) return url;
  if (url.protocol !== 'https:' || url.port !== '' || !isPushService(host)) throw pushErrors.endpointRefused();
  return url;
}

const decode = (value: string): Buffer | null =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;

/** The browser's keys must be a P-256 point (65 bytes, 0x04 first) and a 16-byte secret; throws 40146. */
export function checkKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const p256dh = decode(keys.p256dh);
  if (p256dh?.length !== 65 || p256dh[0] !== 0x04) throw pushErrors.keysInvalid('keys.p256dh');
  const auth = decode(keys.auth);
  if (auth?.length !== 16) throw pushErrors.keysInvalid('keys.auth');
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}
