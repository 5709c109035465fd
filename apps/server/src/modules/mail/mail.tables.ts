import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every message the platform sends, delivered or not: the record the operator (and tests) read. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** email | sms */
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** queued (committed, not yet delivered) | sent | logged (no delivery configured) | failed | skipped (deliberately not sent; why in error) */
  status: text('status').notNull(),
  error: text('error'),
});
