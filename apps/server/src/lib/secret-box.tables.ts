import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The fingerprint of the master key the installation's secrets are sealed under (secret-box.ts
 * keyFingerprint, never the key): one row (id 1), written by the first process that starts and
 * compared by every later one (secret-box.fingerprint.ts).
 */
export const secretKeyFingerprint = pgTable(
  'secret_key_fingerprint',
  {
    id: smallint('id').primaryKey(),
    /** base64url HMAC-SHA256. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [check('secret_key_fingerprint_single_row', sql`${t.id} = 1`)],
);
