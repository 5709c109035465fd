import {
  ApiKeyView,
  CreateApiKeyRequest,
  CreatedApiKey,
  MAX_API_KEYS,
  RevokeApiKeyRequest,
} from '@openbourse/contracts/apikeys.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import { relyingParty } from '../twofactor/twofactor.webauthn.ts';
import type { ApiKeysService } from './apikeys.service.ts';

/**
 * The account centre's API keys (/profile/api-keys). Session only: no scope is declared, so an API key
 * can never list, create or revoke keys.
 */
export async function apiKeysRoutes(
  app: FastifyInstance,
  { apiKeys, publicUrl }: { apiKeys: ApiKeysService; publicUrl?: string | undefined },
) {
  const r = typed(app);
  const authed = { config: { auth: 'required' as const } };

  r.get(
    '/swx/customer/apiKey/list',
    {
      ...authed,
      schema: {
        tags: ['api keys'],
        summary: "The user's live API keys (label, key id, scopes, allowed addresses, created, last used)",
        description: 'Secrets are never shown again; revoked and expired keys are left out.',
        security: BEARER,
        response: { 200: envelope(z.array(ApiKeyView)) },
      },
    },
    async (req) => ok(req, await apiKeys.list(req.user!.id)),
  );

  r.post(
    '/swx/customer/apiKey/create',
    {
      ...authed,
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key for a bot; its secret is in this answer only',
        description:
          'Needs the login password (10004 wrong; 42900 after 10 tries in 15 minutes) and, once two-factor is ' +
          `enabled, a current second factor. Scopes: read, trade (no withdrawal scope exists). ips: addresses and ` +
          `CIDR ranges, IPv4 or IPv6 (40138 names one that is not). expiresAt in the future (40001). At most ` +
          `${MAX_API_KEYS} live keys (40137).`,
        security: BEARER,
        body: CreateApiKeyRequest,
        response: { 200: envelope(CreatedApiKey) },
      },
    },
    async (req) => ok(req, await apiKeys.create(req.user!.id, req.body, relyingParty(publicUrl, req))),
  );

  r.post(
    '/swx/customer/apiKey/revoke',
    {
      ...authed,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke one of the user’s keys at once (40139 when it is not a live one of theirs)',
        security: BEARER,
        body: RevokeApiKeyRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await apiKeys.revoke(req.user!.id, req.body.keyId);
      return ok(req, null);
    },
  );
}
