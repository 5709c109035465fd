import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Operators of the back office: separate from customers (their own table, sessions and tokens), one
 * role each (admin.roles.ts says what a role may do).
 */
export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** active | disabled (a disabled admin cannot sign in; their sessions are revoked). */
    status: text('status').notNull().default('active'),
    /** Owners always need TOTP; for the others the owner decides per account. */
    totpRequired: boolean('totp_required').notNull().default(true),
    /**
     * The TOTP secret once enrolment started, in use once `totpEnabledAt` is set: sealed by the secret
     * box (`v2.…`, purpose 'admin-twofactor', the account's id as context). Older versions kept it as
     * plain base32: such a value still signs in and is sealed at the next start.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('admin_accounts_email_uq').on(t.email),
    check('admin_accounts_role_ck', sql`${t.role} in ('owner', 'reviewer', 'support', 'editor')`),
    check('admin_accounts_status_ck', sql`${t.status} in ('active', 'disabled')`),
  ],
);

/** Admin sessions: tokens stored as SHA-256 hashes; `scope` 'enrol' until a required TOTP is set up. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => adminAccounts.id),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('admin_sessions_token_uq').on(t.tokenHash), index('admin_sessions_admin_idx').on(t.adminId)],
);

/**
 * Every admin action, written in the transaction of the action. Append-only: a trigger (migration
 * 0009) refuses UPDATE, DELETE and TRUNCATE for every database role, the application's included.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: an action before anyone signed in (a failed sign-in names the address tried in `target`). */
    adminId: bigint('admin_id', { mode: 'number' }),
    role: text('role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at),
    index('admin_audit_admin_idx').on(t.adminId, t.at),
    index('admin_audit_action_idx').on(t.action, t.at),
  ],
);
