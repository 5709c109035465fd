import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { marketInstruments } from '../market/market.tables.ts';
import { users } from '../users/users.tables.ts';

/** Prices as the market records them. */
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A user's favourite instruments: one row each, so adding twice is adding once. */
export const watchlistFavourites = pgTable(
  'watchlist_favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => marketInstruments.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrumentId] })],
);

/**
 * Per-user counters of favourites and waiting alerts: the caps are one conditional statement on
 * this row (`… where favourites < max`), which also queues concurrent requests of one user, so
 * no burst can pass a cap. Changed only in the transaction that adds or removes what it counts.
 */
export const watchlistQuotas = pgTable(
  'watchlist_quotas',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    favourites: integer('favourites').notNull().default(0),
    activeAlerts: integer('active_alerts').notNull().default(0),
  },
  (t) => [
    check('watchlist_quotas_favourites_ck', sql`${t.favourites} >= 0`),
    check('watchlist_quotas_alerts_ck', sql`${t.activeAlerts} >= 0`),
  ],
);

/**
 * Price alerts. Waiting while `fired_at` is null; fired once, by the first recorded tick whose last
 * price reached the target (`fired_tick_id`, pinned so it is never pruned, and its price).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees and removes by: random, so it does not count the platform's alerts. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => marketInstruments.id),
    /** above | below */
    condition: text('condition').notNull(),
    targetPrice: price('target_price').notNull(),
    createdAt: at('created_at').notNull(),
    /** The quote the alert was checked against when set: it watches the ticks after this one. */
    createdTickId: bigint('created_tick_id', { mode: 'number' }).notNull(),
    createdPrice: price('created_price').notNull(),
    firedAt: at('fired_at'),
    firedTickId: bigint('fired_tick_id', { mode: 'number' }),
    firedPrice: price('fired_price'),
  },
  (t) => [
    uniqueIndex('price_alerts_public_id_uq').on(t.publicId),
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_waiting_idx').on(t.instrumentId).where(sql`${t.firedAt} is null`),
    check('price_alerts_condition_ck', sql`${t.condition} in ('above', 'below')`),
    check('price_alerts_target_ck', sql`${t.targetPrice} > 0`),
    check(
      'price_alerts_fired_ck',
      sql`(${t.firedAt} is null) = (${t.firedTickId} is null) and (${t.firedAt} is null) = (${t.firedPrice} is null)`,
    ),
  ],
);

export type FavouriteRow = typeof watchlistFavourites.$inferSelect;
export type PriceAlertRow = typeof priceAlerts.$inferSelect;
