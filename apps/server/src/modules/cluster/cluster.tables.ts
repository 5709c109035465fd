import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where the holder of a lease can be reached by the other processes (its `INTERNAL_URL`), written by
 * the holder when it takes the lease: a process that receives work for the owner (a spot order) sends
 * it there.
 */
export const clusterEndpoints = pgTable('cluster_endpoints', {
  name: text('name').primaryKey(),
  url: text('url').notNull(),
  pid: integer('pid').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});
