import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A user's API keys for bots. The secret is kept only sealed (lib/secret-box.ts: AES-256-GCM
 * under the 'apikeys' subkey of SECRETS_KEY, the key id in the associated data): the server needs it to check HMAC
 * signatures, and a copy of the database alone does not give it away. A revoked key stays (revoked_at)
 * so its id is never handed out again and the account centre could show it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public half (X-OB-KEY), e.g. obk_3f9a…; unique for ever. */
    keyId: text('key_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    /** Any of read, trade (never anything that moves money out or changes the account). */
    scopes: text('scopes').array().notNull(),
    /** IPv4/IPv6 addresses and CIDR ranges the key may be used from; empty: anywhere. */
    ipAllow: text('ip_allow').array().notNull(),
    /** v1.<iv>.<tag>.<ciphertext>, base64url. */
    secretSealed: text('secret_sealed').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
