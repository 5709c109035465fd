import type { ApiKeyScope } from '@openbourse/contracts/apikeys.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeysService } from './apikeys.service.ts';
import { KEY_HEADER, MAX_AGE_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './apikeys.signing.ts';
import { bufferBody } from '../../http/raw-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an API key needs to make this call (read or trade). A route without one is closed to keys
     * (withdrawals, transfers, passwords, two-factor, API keys, contact changes never declare one).
     */
    scope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The raw body bytes of a request signed with an API key (what its signature covers). */
    apiKeyBody?: Buffer;
    /** Set when the request was authenticated by an API key. */
    apiKey?: { keyId: string; scopes: ApiKeyScope[] } | null;
  }
}

/** The OpenAPI security schemes of a signed request (app.ts adds them to the document's components). */
export const API_KEY_SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-OB-KEY', description: 'The API key id (obk_…)' },
  apiKeyTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-OB-TIMESTAMP',
    description: `Milliseconds since the epoch; refused when older than ${MAX_AGE_MS / 1000} s or ahead of the server's clock`,
  },
  apiKeySignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-OB-SIGNATURE',
    description:
      'hex(HMAC-SHA256(secret, timestamp + METHOD + path with query + raw body)); each signature is accepted once',
  },
} as const;

export const API_KEY_SECURITY_DOC =
  ' Bots: a call marked with the apiKey scheme also accepts an API key instead of the token: headers X-OB-KEY ' +
  '(the key id), X-OB-TIMESTAMP (ms since the epoch) and X-OB-SIGNATURE = lower-case hex HMAC-SHA256, keyed ' +
  'with the secret, of timestamp + METHOD + path with query (as sent) + the raw body bytes. A timestamp more ' +
  `than ${MAX_AGE_MS / 1000} s old or ahead of the server's clock (40133), a signature seen before (40135), a ` +
  'wrong signature (40136), an unknown (40130), revoked or expired (40131) key answer HTTP 401; an address ' +
  'outside the key’s allow-list (40132) or a call the key’s scopes do not cover (40134) HTTP 403; more than ' +
  'the per-key rate 42900 (HTTP 429). The example client is scripts/api-key-client.mjs.';

const KEY_SECURITY = { apiKey: [], apiKeyTimestamp: [], apiKeySignature: [] };

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Wires API keys into the app (call before the routes are registered):
 * - a signed request's body is read once into a buffer before parsing (its signature covers the bytes
 *   as sent); every other request's stream goes to the parser untouched, at no cost;
 * - each route that declares a scope shows the key scheme and its scope in the OpenAPI document.
 */
export function registerApiKeyHooks(app: FastifyInstance, opts: { bodyLimit: number }) {
  app.decorateRequest('apiKey', null);
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.headers[KEY_HEADER] === undefined) return payload;
    const { body, replay } = await bufferBody(payload, opts.bodyLimit);
    req.apiKeyBody = body;
    return replay;
  });
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (!scope || !route.schema) return;
    const security = (route.schema as { security?: unknown[] }).security ?? [];
    (route.schema as { security?: unknown[] }).security = [...security, KEY_SECURITY];
    const d = (route.schema as { description?: string }).description;
    (route.schema as { description?: string }).description =
      `${d ? `${d} ` : ''}API keys: scope \`${scope}\` (signed request, see the apiKey scheme).`;
  });
}

/**
 * The key path of the auth hook: when the request carries X-OB-KEY and the route is a private one (or
 * declares a scope), the signature is checked and req.user set to the key's user. Answers false when
 * the request is not for this path (the session token path applies); throws the catalogue error when
 * the key does not authenticate the request.
 */
export async function authenticateByKey(apiKeys: ApiKeysService, req: FastifyRequest): Promise<boolean> {
  const keyId = header(req, KEY_HEADER);
  if (keyId === undefined) return false;
  const config = req.routeOptions.config;
  if (!config?.auth && !config?.scope) return false;
  const authed = await apiKeys.authenticate({
    keyId,
    timestamp: header(req, TIMESTAMP_HEADER) ?? '',
    signature: header(req, SIGNATURE_HEADER) ?? '',
    method: req.method,
    url: req.url,
    body: req.apiKeyBody ?? Buffer.alloc(0),
    ip: req.ip,
    scope: config.scope,
  });
  req.user = { id: authed.id, username: authed.username, sessionId: authed.sessionId };
  req.apiKey = authed.apiKey;
  return true;
}
