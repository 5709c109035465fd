import { sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    areaCode: text('area_code'),
    phone: text('phone'),
    /** Null for an account made by Google or wallet sign-in until its owner sets a password. */
    passwordHash: text('password_hash'),
    txPasswordHash: text('tx_password_hash'),
    /** active | disabled (by an operator). Failed sign-ins are counted in rate_limits, per client. */
    status: text('status').notNull().default('active'),
    /** none | pending | verified | failed */
    kycStatus: text('kyc_status').notNull().default('none'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.areaCode, t.phone),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
  ],
);

export type UserRow = typeof users.$inferSelect;
