import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const params = pgTable('params', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  /** Only public parameters are readable through index/getParamByKey. */
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
