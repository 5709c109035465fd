import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** numeric(38,18): every currency's scale fits; values travel as decimal strings, never floats. */
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Decimal places an amount of this currency may carry. */
  scale: integer('scale').notNull(),
  /** crypto | fiat */
  kind: text('kind').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * One account per (user, mode, currency, kind) — kind `available` or `locked` for users; platform
 * accounts (user_id null) are `treasury`, `fees`, `faucet`, `clearing`. Balances change only through
 * ledger_transfers written in the same transaction; the CHECK is the last line of defence against a
 * negative user balance (the service already refuses one).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    /** real | demo */
    mode: text('mode').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    kind: text('kind').notNull(),
    balance: amount('balance').notNull().default('0'),
    nonNegative: boolean('non_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A platform account's shard (PLATFORM_SHARDS in ledger.types.ts); 0 for users. */
    shard: integer('shard').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq').on(t.userId, t.mode, t.currency, t.kind).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_shard_uq')
      .on(t.mode, t.currency, t.kind, t.shard)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_user_shard', sql`${t.userId} is null or ${t.shard} = 0`),
    check('ledger_accounts_non_negative', sql`not ${t.nonNegative} or ${t.balance} >= 0`),
    check('ledger_accounts_mode', sql`${t.mode} in ('real', 'demo')`),
  ],
);

/**
 * Immutable: one debit account, one credit account, one currency, a positive amount, a code saying
 * why, and a key that makes it idempotent (a replay of the same key is a no-op).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferKey: text('transfer_key').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    code: text('code').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }),
    refType: text('ref_type'),
    refId: text('ref_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key_uq').on(t.transferKey),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * Two-phase holds: pending moves the amount from a user's available to locked account; post moves
 * (part of) it from locked to its destination; void returns the rest to available.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    holdKey: text('hold_key').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    remaining: amount('remaining').notNull(),
    /** pending | posted | voided */
    status: text('status').notNull(),
    code: text('code').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_holds_key_uq').on(t.holdKey),
    index('ledger_holds_user_idx').on(t.userId, t.status),
    check('ledger_holds_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);
