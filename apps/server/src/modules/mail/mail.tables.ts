import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every message the platform sends, delivered or not: the mail outbox. A row is written in the
 * transaction that causes the message and delivered by the mail relay after it commits, retried
 * with backoff when delivery fails; its state is the record the operator (and tests) read.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** email | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * queued (waiting for its next attempt) | sending (claimed by a relay until claimed_until) |
     * sent | logged (no delivery configured) | failed (gave up after the last attempt) |
     * skipped (deliberately not sent; why in error)
     */
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, precision: 3 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`)],
);
