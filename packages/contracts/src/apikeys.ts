import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';
import { SecondFactorProof } from './twofactor.ts';

/**
 * API keys for bots on the wire. A key has a public id (X-OB-KEY) and a secret shown once, at
 * creation; requests are signed with HMAC-SHA256 (README "API keys for bots"). Scopes: read (balances,
 * orders, positions, market data, user info) and trade (placing and cancelling orders). There is no
 * scope for withdrawals, transfers or account changes: a key never reaches them.
 */

export const API_KEY_SCOPES = ['read', 'trade'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, { error: 'E40001' });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Most live (not revoked, not expired) keys one user holds; most allow-list entries per key. */
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_IPS = 20;
export const API_KEY_LABEL_MAX = 40;

export const ApiKeyView = z.object({
  keyId: z.string().describe('The public key id, sent as X-OB-KEY'),
  label: z.string(),
  scopes: z.array(ApiKeyScope),
  ips: z.array(z.string()).describe('Allowed addresses and CIDR ranges; empty: any address'),
  createdAt: z.number().int().describe('Epoch ms'),
  expiresAt: z.number().int().nullable().describe('Epoch ms; null: never'),
  lastUsedAt: z.number().int().nullable().describe('Epoch ms of the last signed request (to the minute)'),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const CreateApiKeyRequest = z.object({
  label: z.string({ error: 'E40001' }).trim().min(1, { error: 'E40001' }).max(API_KEY_LABEL_MAX, { error: 'E40001' }),
  scopes: z
    .array(ApiKeyScope, { error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(API_KEY_SCOPES.length, { error: 'E40001' }),
  ips: z
    .array(z.string({ error: 'E40138' }).max(64, { error: 'E40138' }), { error: 'E40001' })
    .max(MAX_API_KEY_IPS, { error: 'E40001' })
    .default([]),
  /** Epoch ms; absent or null: the key does not expire. Must lie in the future. */
  expiresAt: z.number({ error: 'E40001' }).int({ error: 'E40001' }).positive({ error: 'E40001' }).nullable().optional(),
  /** The login password: creating a key needs a fresh confirmation. */
  password: z.string({ error: 'E40024' }).min(1, { error: 'E40024' }).max(PASSWORD_MAX, { error: 'E10004' }),
  /** A current second factor when the user has one enrolled. */
  proof: SecondFactorProof.optional(),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;
export type CreateApiKeyInput = z.output<typeof CreateApiKeyRequest>;

export const CreatedApiKey = z.object({
  key: ApiKeyView,
  secret: z.string().describe('The signing secret: shown this once, never again'),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const RevokeApiKeyRequest = z.object({
  keyId: z.string({ error: 'E40139' }).min(1, { error: 'E40139' }).max(64, { error: 'E40139' }),
});
export type RevokeApiKeyRequest = z.input<typeof RevokeApiKeyRequest>;
