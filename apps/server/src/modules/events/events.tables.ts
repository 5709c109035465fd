import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: an event is written in the same transaction as the change it reports,
 * so it exists if and only if the change committed. The relay publishes unpublished rows to the bus
 * in id order, at least once (a relay that dies after publishing and before marking republishes),
 * so every consumer is idempotent.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The bus topic, e.g. "orders" (a user's order changed) or "notifications". */
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    /** A relay working on the row holds it until then; past it, another relay may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, precision: 3 }),
    attempts: integer('attempts').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
  },
  (t) => [index('event_outbox_unpublished_idx').on(t.id).where(sql`${t.publishedAt} is null`)],
);

export type EventRow = typeof eventOutbox.$inferSelect;
