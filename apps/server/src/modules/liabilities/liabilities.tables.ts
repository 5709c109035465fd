import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { currencies } from '../ledger/ledger.tables.ts';

/**
 * One published proof of liabilities per UTC day: the Merkle sum tree's root, the totals per
 * currency (minor units, in `currencies` order) and the leaf count. Written once, never changed.
 */
export const liabilitiesSnapshots = pgTable('liabilities_snapshots', {
  id: serial('id').primaryKey(),
  /** The UTC day (YYYY-MM-DD) the snapshot is for: unique, so a day is published once. */
  day: text('day').notNull().unique(),
  /** When the ledger was read (the one REPEATABLE READ snapshot the whole tree comes from). */
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  rootHash: text('root_hash').notNull(),
  /** [{ code, scale }] in the tree's order (every ledger currency, by code). */
  currencies: jsonb('currencies').$type<{ code: string; scale: number }[]>().notNull(),
  /** The root's sums: minor units as strings of digits, in `currencies` order. */
  totals: jsonb('totals').$type<string[]>().notNull(),
  leafCount: integer('leaf_count').notNull(),
  depth: integer('depth').notNull(),
});

/** Each user's leaf: their nonce (secret to them) and balances, so their proof can be given back. */
export const liabilitiesLeaves = pgTable(
  'liabilities_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => liabilitiesSnapshots.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idx: integer('idx').notNull(),
    nonce: text('nonce').notNull(),
    balances: jsonb('balances').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);

/** Every node of every level (0 = leaves, padding included), so a proof is one indexed read. */
export const liabilitiesNodes = pgTable(
  'liabilities_nodes',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => liabilitiesSnapshots.id),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sums: jsonb('sums').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.idx] })],
);

/**
 * What the platform holds against its liabilities, as operators record it (back office,
 * `reserves.edit`, audited): an amount of a currency at a wallet address or custodian, attested on
 * a date. Several rows per currency add up.
 */
export const liabilitiesReserves = pgTable(
  'liabilities_reserves',
  {
    id: serial('id').primaryKey(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    /** A wallet address or the custodian's name and account. */
    holder: text('holder').notNull(),
    /** YYYY-MM-DD: the day the holding was attested (a statement, a signed message, an on-chain read). */
    attestedOn: text('attested_on').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('liabilities_reserves_currency_idx').on(t.currency),
    check('liabilities_reserves_amount', sql`${t.amount} >= 0`),
  ],
);
