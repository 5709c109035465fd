import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's TOTP: the secret encrypted (AES-256-GCM, twofactor.crypto.ts), counted only once
 * confirmed by a first code. `last_step` is the newest 30-second step accepted: a step is taken by
 * one conditional UPDATE, so a code is accepted once.
 */
export const twofactorTotp = pgTable('twofactor_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: at('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: at('created_at').notNull(),
});

/** Passkeys (WebAuthn credentials), several per user, named, with their signature counter. */
export const twofactorPasskeys = pgTable(
  'twofactor_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Comma-separated transports the authenticator reported (usb, internal, hybrid …). */
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('twofactor_passkeys_credential_uq').on(t.credentialId),
    index('twofactor_passkeys_user_idx').on(t.userId),
  ],
);

/** Ten single-use recovery codes per user, stored as SHA-256 hashes; regenerating replaces them all. */
export const twofactorRecoveryCodes = pgTable(
  'twofactor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('twofactor_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/**
 * Short-lived single-use challenges: a sign-in ticket (purpose `signin`, its token stored hashed,
 * with the WebAuthn challenge once passkey options were asked), a passkey registration (`register`)
 * or a passkey confirmation (`stepup`). Consumed by one conditional UPDATE (`used_at is null` and
 * not expired), so a replay or a race is accepted once.
 */
export const twofactorChallenges = pgTable(
  'twofactor_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    ticketHash: text('ticket_hash'),
    webauthnChallenge: text('webauthn_challenge'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('twofactor_challenges_ticket_uq').on(t.ticketHash),
    uniqueIndex('twofactor_challenges_webauthn_uq').on(t.webauthnChallenge),
    index('twofactor_challenges_expiry_idx').on(t.expiresAt),
  ],
);

export type PasskeyRow = typeof twofactorPasskeys.$inferSelect;
export type ChallengeRow = typeof twofactorChallenges.$inferSelect;
