import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request headers of a signed call. */
export const KEY_HEADER = 'x-ob-key';
export const TIMESTAMP_HEADER = 'x-ob-timestamp';
export const SIGNATURE_HEADER = 'x-ob-signature';

/**
 * How far a request's timestamp may lag the server's clock (a request older than this is refused)
 * and run ahead of it (a little, for clocks a few hundred ms apart). A signature is remembered for
 * REPLAY_MEMORY_MS, longer than the whole window, so no replay can outlive its memory.
 */
export const MAX_AGE_MS = 10_000;
export const MAX_AHEAD_MS = 1_000;
export const REPLAY_MEMORY_MS = 30_000;

/** What is signed: timestamp + METHOD + path with query (as sent) + the raw body bytes. */
export function signingPayload(timestamp: string, method: string, pathWithQuery: string, body: Buffer | string) {
  return Buffer.concat([
    Buffer.from(`${timestamp}${method.toUpperCase()}${pathWithQuery}`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
}

/** Hex HMAC-SHA256 of the signing payload with the key's secret. */
export function sign(
  secret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: Buffer | string = '',
): string {
  return createHmac('sha256', secret)
    .update(signingPayload(timestamp, method, pathWithQuery, body))
    .digest('hex');
}

/** Compares in constant time (for equal lengths; a signature of another length is simply wrong). */
export function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A timestamp is decimal milliseconds since the epoch, within [now − MAX_AGE_MS, now + MAX_AHEAD_MS]. */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,15}$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  return ts >= nowMs - MAX_AGE_MS && ts <= nowMs + MAX_AHEAD_MS;
}
