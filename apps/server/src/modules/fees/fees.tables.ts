import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The base fee schedule per product, before any VIP-level discount. Rates are fractions of the
 * traded notional (0.001 = 0.1%). The home page's "lowest fee" is read from here, never typed in.
 */
export const feeSchedule = pgTable('fee_schedule', {
  product: text('product').primaryKey(),
  makerRate: numeric('maker_rate', { precision: 12, scale: 8 }).notNull(),
  takerRate: numeric('taker_rate', { precision: 12, scale: 8 }).notNull(),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
