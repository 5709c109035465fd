import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * A user's notifications. The text is not stored: `kind` and `params` (the values the text needs)
 * are, and the title and body are rendered in the reader's language when listed. The subject is
 * what the notification links to, by the id its owner sees (an order's public id), never an
 * internal one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees and marks read: random, so it does not count the platform's notifications. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** One of NOTIFICATION_KINDS (packages/contracts/src/notifications.ts). */
    kind: text('kind').notNull(),
    /** order | instrument | account */
    subjectType: text('subject_type').notNull(),
    /** order: its public id; instrument: its id; account: null. */
    subjectId: text('subject_id'),
    /** The text's values (order number, instrument, price, P/L, mode, address …): strings only. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('notifications_public_id_uq').on(t.publicId),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
