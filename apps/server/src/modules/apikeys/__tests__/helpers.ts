import type { CreatedApiKey } from '@openbourse/contracts/apikeys.ts';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/app.ts';
import { sign } from '../apikeys.signing.ts';

export type Envelope<T> = { code: number; msg: string; result: T; msgCode?: number; field?: string };

export interface SignOpts {
  /** Timestamp to sign (default: the test clock's now). */
  timestamp?: string;
  /** Signature to send instead of the right one. */
  signature?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** The headers of a request signed as scripts/api-key-client.mjs signs it. */
export function signedHeaders(
  key: { keyId: string; secret: string },
  method: string,
  url: string,
  body: string,
  timestamp: string,
): Record<string, string> {
  return {
    'x-ob-key': key.keyId,
    'x-ob-timestamp': timestamp,
    'x-ob-signature': sign(key.secret, timestamp, method, url, body),
  };
}

/** Sends a signed request through app.inject: the body goes as the exact bytes signed. */
export async function signed<T = unknown>(
  t: TestApp,
  key: { keyId: string; secret: string },
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  o: SignOpts = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = o.timestamp ?? String(t.clock.now().getTime());
  const headers = { ...signedHeaders(key, method, url, raw, timestamp), ...o.headers };
  if (o.signature !== undefined) headers['x-ob-signature'] = o.signature;
  if (raw) headers['content-type'] = 'application/json';
  const req: InjectOptions = { method, url, headers };
  if (raw) req.payload = raw;
  if (o.remoteAddress) req.remoteAddress = o.remoteAddress;
  const res = await t.app.inject(req);
  return { status: res.statusCode, body: res.json() };
}

/** Creates a key through the account centre's API. */
export async function createKey(
  t: TestApp,
  token: string,
  body: { label?: string; scopes: string[]; ips?: string[]; expiresAt?: number | null; password?: string },
): Promise<Envelope<CreatedApiKey>> {
  const res = await t.call<CreatedApiKey>('POST', '/swx/customer/apiKey/create', {
    token,
    body: { label: 'bot', password: 'Secret123', ...body },
  });
  return res.body;
}
