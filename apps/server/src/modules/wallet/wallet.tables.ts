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
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/** Amounts at any currency's scale (the ledger checks each against its currency's). */
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The coins the platform receives and pays out, one row per network (USDT on TRC20 and on ERC20,
 * BTC, ETH …): the operator's receiving address and the limits users are held to. Edited in the
 * admin console (audited); deposits and withdrawals copy what they used into their own rows.
 */
export const walletNetworks = pgTable(
  'wallet_networks',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Null until the operator sets one: deposits on this network are refused (10021). */
    address: text('address'),
    minDeposit: amount('min_deposit').notNull(),
    /** The fee as a share of the amount withdrawn (0.005 = 0.5 %). */
    withdrawFeeRate: amount('withdraw_fee_rate').notNull(),
    minWithdraw: amount('min_withdraw').notNull(),
    dailyWithdrawLimit: amount('daily_withdraw_limit').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallet_networks_uq').on(t.currency, t.network),
    check('wallet_networks_fee_rate', sql`${t.withdrawFeeRate} >= 0 and ${t.withdrawFeeRate} < 1`),
    check('wallet_networks_limits', sql`${t.minDeposit} > 0 and ${t.minWithdraw} > 0 and ${t.dailyWithdrawLimit} > 0`),
  ],
);

/**
 * A deposit a user declared: what they sent, where, the transaction hash (once per platform), and
 * their proof image (files module). Decided once by a reviewer: approved (credited by one ledger
 * transfer keyed by this row) or rejected with a reason.
 */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees: random, so it does not count the platform's deposits. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    amount: amount('amount').notNull(),
    /** As the user typed it (case kept) … */
    txHash: text('tx_hash').notNull(),
    /** … and lowercase without 0x: unique across the platform, so one transfer is credited once. */
    txHashKey: text('tx_hash_key').notNull(),
    last6: text('last6').notNull(),
    /** The receiving address shown to the user when they declared it. */
    address: text('address').notNull(),
    proofFileId: uuid('proof_file_id').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallet_deposits_public_uq').on(t.publicId),
    uniqueIndex('wallet_deposits_tx_uq').on(t.txHashKey),
    index('wallet_deposits_user_idx').on(t.userId, t.id),
    index('wallet_deposits_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('wallet_deposits_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('wallet_deposits_amount', sql`${t.amount} > 0`),
    check(
      'wallet_deposits_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.reason} is not null)`,
    ),
  ],
);

export type NetworkRow = typeof walletNetworks.$inferSelect;
export type DepositRow = typeof walletDeposits.$inferSelect;

/**
 * A withdrawal a user asked for: to an address on a network, or to a bank account (network BANK).
 * `amount` is what the receiver gets; `amount + fee` was held from the real available balance when
 * it was asked for (ledger hold `withdrawal:<id>`), then paid out (the hold posted: the amount to
 * the platform's deposits account, the fee to its fees) or released when rejected.
 */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address'),
    bankHolder: text('bank_holder'),
    bankAccount: text('bank_account'),
    bankType: text('bank_type'),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    holdKey: text('hold_key').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    payoutRef: text('payout_ref'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallet_withdrawals_public_uq').on(t.publicId),
    uniqueIndex('wallet_withdrawals_hold_uq').on(t.holdKey),
    // One payout pays one withdrawal: a chain's transaction hash or a bank's reference, once per network.
    uniqueIndex('wallet_withdrawals_payout_uq')
      .on(t.network, sql`lower(${t.payoutRef})`)
      .where(sql`${t.payoutRef} is not null`),
    index('wallet_withdrawals_user_idx').on(t.userId, t.id),
    index('wallet_withdrawals_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('wallet_withdrawals_status', sql`${t.status} in ('pending', 'success', 'rejected')`),
    check('wallet_withdrawals_method', sql`${t.method} in ('crypto', 'bank')`),
    check('wallet_withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check(
      'wallet_withdrawals_target',
      sql`(${t.method} = 'crypto') = (${t.address} is not null) and (${t.method} = 'bank') = (${t.bankAccount} is not null)`,
    ),
    check(
      'wallet_withdrawals_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.reason} is not null) and (${t.status} = 'success') = (${t.payoutRef} is not null)`,
    ),
  ],
);

export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
