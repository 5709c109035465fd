import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The VIP levels' table, edited by operators (audited): rank `id` (0 is everyone's), names per
 * language, the 30-day volume (USDT) reaching it, an optional USDT balance also required, and the
 * share taken off every fee, in basis points (1000 = 10 %).
 */
export const levelTiers = pgTable(
  'level_tiers',
  {
    id: integer('id').primaryKey(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    minVolume: amount('min_volume').notNull(),
    minBalance: amount('min_balance'),
    discountBps: integer('discount_bps').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('level_tiers_discount', sql`${t.discountBps} >= 0 and ${t.discountBps} < 10000`),
    check('level_tiers_amounts', sql`${t.minVolume} >= 0 and (${t.minBalance} is null or ${t.minBalance} >= 0)`),
  ],
);

/** Each user's level as the daily job last set it (no row: level 0), with the volume it was set from. */
export const userLevels = pgTable('user_levels', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  level: integer('level').notNull(),
  volume30d: amount('volume_30d').notNull(),
  /** The daily run's period key that set it (`2026-01-03`). */
  period: text('period').notNull(),
  computedAt: at('computed_at').notNull(),
});
