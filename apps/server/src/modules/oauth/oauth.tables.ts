import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * A third-party sign-in provider as an operator configured it in the back office (one row per
 * provider). The client secret is sealed (lib/secret-box.ts) and never leaves the server.
 */
export const signinProviders = pgTable('signin_providers', {
  provider: text('provider').primaryKey(),
  clientId: text('client_id').notNull(),
  /** `v2.<iv>.<tag>.<ciphertext>`: the secret box's 'signin-providers' subkey (older values: `v1:…`, lib/secret-box.legacy.ts). */
  clientSecretSealed: text('client_secret_sealed'),
  issuer: text('issuer').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One sign-in attempt between its start and the provider's answer: the state (stored hashed) names
 * it, the PKCE verifier and the nonce check the answer. Single use (`consumed_at` set by one
 * conditional update), ten minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** A provider's identity (issuer + subject) linked to an account: how a returning user is known. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider proved when the identity was linked (for the owner's list). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * A proved identity whose email belongs to an account it is not linked to: the owner proves the
 * account (password or emailed code) with this ticket (stored hashed), single use, ten minutes,
 * at most five tries.
 */
export const oauthLinkTickets = pgTable(
  'oauth_link_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('oauth_link_tickets_expires_idx').on(t.expiresAt)],
);
