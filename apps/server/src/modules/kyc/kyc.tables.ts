import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Identity verification applications (spec §3 KYC application, §4 KYC states). One row per
 * submission; a user has at most one pending (partial unique index), so a double submit is refused
 * by the database as well as by the service (80007). The user's current state is mirrored on
 * `users.kyc_status` in the same transaction as each change. Photos are files (purpose kyc) the
 * files module keeps; only their ids are here.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    sex: text('sex').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    documentType: text('document_type').notNull(),
    frontFileId: uuid('front_file_id').notNull(),
    /** Null only for a passport. */
    backFileId: uuid('back_file_id'),
    inHandFileId: uuid('in_hand_file_id').notNull(),
    /** pending | verified | failed */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedAt: at('submitted_at').notNull(),
    decidedAt: at('decided_at'),
    /** The admin who decided (admin_users.id). */
    decidedBy: bigint('decided_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('kyc_applications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('kyc_applications_user').on(t.userId, t.id),
    index('kyc_applications_status').on(t.status, t.id),
    check('kyc_applications_status_ck', sql`${t.status} in ('pending', 'verified', 'failed')`),
    check('kyc_applications_document_ck', sql`${t.documentType} in ('id_card', 'passport', 'driver_licence')`),
    check('kyc_applications_back_ck', sql`${t.backFileId} is not null or ${t.documentType} = 'passport'`),
    check('kyc_applications_reason_ck', sql`${t.status} <> 'failed' or ${t.reason} is not null`),
  ],
);
