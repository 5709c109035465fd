import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * The platform's VAPID key pair (web push's application server keys), when the configuration names
 * none: one row (id 1), written by the first process that starts and read by every other, so every
 * process signs with the same key and browsers' subscriptions stay valid across restarts.
 */
export const pushVapid = pgTable(
  'push_vapid',
  {
    id: smallint('id').primaryKey(),
    /** base64url, uncompressed P-256 point (65 bytes): what browsers subscribe with. */
    publicKey: text('public_key').notNull(),
    /** base64url, 32 bytes. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [check('push_vapid_single_row', sql`${t.id} = 1`)],
);

/** A browser's push subscription for a signed-in user: where to send and the keys to encrypt with. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The push service's URL for this browser: unique (a browser re-subscribing moves it to its user). */
    endpoint: text('endpoint').notNull(),
    /** base64url P-256 public key of the browser. */
    p256dh: text('p256dh').notNull(),
    /** base64url 16-byte authentication secret. */
    auth: text('auth').notNull(),
    /** The language the app was in when it subscribed: the language of the texts pushed to it. */
    lang: text('lang').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One push to send: a notification to one of its owner's subscriptions. Written in the transaction
 * that stores the notification (so it exists only if the notification committed) and sent by the
 * push relay after the commit, retried with backoff; deleted with its subscription.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The notification's public id. */
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    /** queued | sending (claimed until claimed_until) | sent | failed (gave up) */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, precision: 3 }),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
