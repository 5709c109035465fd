import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * The secret the processes sign the requests they send one another with (cluster.proof.ts): one row
 * (id 1), written by the first process that needs it and read by every other. Never sent to clients.
 */
export const clusterSecret = pgTable(
  'cluster_secret',
  {
    id: smallint('id').primaryKey(),
    /** hex, 32 random bytes. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [check('cluster_secret_single_row', sql`${t.id} = 1`)],
);
