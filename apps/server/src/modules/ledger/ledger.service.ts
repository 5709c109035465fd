/**
 * `createLedgerService({ db, clock })`: composes the ledger's parts (accounts, transfers, holds,
 * statements, audit) into the one API other modules call, and owns `runInTransaction`.
 */
import type { Db, Tx } from '../../db/client.ts';
import { AfterCommitError, type PipelinedTx, runPipelined } from '../../db/pipeline.ts';
import type { Clock } from '../../lib/clock.ts';
import { createLedgerAccounts } from './ledger.accounts.ts';
import { trialBalance } from './ledger.audit.ts';
import { feesPaid } from './ledger.fees-paid.ts';
import { restOfBook, usersMoney } from './ledger.liabilities.ts';
import { createLedgerBulk } from './ledger.bulk.ts';
import { createLedgerFastPath } from './ledger.fast.ts';
import { createLedgerHolds } from './ledger.holds.ts';
import { accountTransfers, statement } from './ledger.statements.ts';
import { createLedgerTransfers } from './ledger.transfers.ts';

export { demoFundKey, holdTransferKey, LEDGER_CODES } from './ledger.helpers.ts';
export type { BulkHold, BulkHoldChange, BulkTransfer } from './ledger.bulk.ts';
export type { AccountMeta, FreshHold, FreshTransfer, UserAccountPair } from './ledger.fast.ts';
export type { BalanceLine } from './ledger.types.ts';
export { PLATFORM_SHARDS } from './ledger.types.ts';

/** SQLSTATEs after which the whole transaction may simply be run again. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

function isRetryable(e: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query …") and keeps it as the cause.
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return true;
  }
  return false;
}

export interface LedgerServiceDeps {
  db: Db;
  clock: Clock;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

export function createLedgerService({ db, clock }: LedgerServiceDeps) {
  // Currency rows read outside transactions are reused (ledger.accounts.ts, currencyReader).
  const accounts = createLedgerAccounts({ clock, db });
  const transfers = createLedgerTransfers({ clock, accounts });
  const holds = createLedgerHolds({ clock, accounts, transfers });
  const fast = createLedgerFastPath({ db, clock, accounts });
  const bulk = createLedgerBulk({ clock, accounts });

  return {
    /**
     * Runs `fn` in one database transaction: a business record and its transfers commit together.
     * Each single transfer locks its two accounts in id order, but a transaction making several
     * transfers can still meet another in a deadlock, which PostgreSQL breaks by aborting one; with
     * `retries` such an aborted attempt (deadlock or serialization failure) is run again from the
     * start. Only ask for it when `fn` has no effects outside the database.
     */
    async runInTransaction<T>(fn: (tx: Tx) => Promise<T>, opts: { retries?: number } = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(fn);
        } catch (e) {
          if (attempt >= (opts.retries ?? 0) || !isRetryable(e)) throw e;
        }
      }
    },

    /**
     * `runInTransaction` for a transaction whose BEGIN rides with its first statement and whose
     * COMMIT with its last (db/pipeline.ts): the same retries, only while nothing has committed.
     */
    async runPipelined<T>(fn: (t: PipelinedTx) => Promise<T>, opts: { retries?: number } = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await runPipelined(db, fn);
        } catch (e) {
          if (e instanceof AfterCommitError) throw e;
          if (attempt >= (opts.retries ?? 0) || !isRetryable(e)) throw e;
        }
      }
    },

    // Currencies and accounts (ledger.accounts.ts).
    seedCurrencies: accounts.seedCurrencies,
    ensureCurrency: accounts.ensureCurrency,
    getCurrency: accounts.getCurrency,
    listCurrencies: accounts.listCurrencies,
    getOrCreateUserAccount: accounts.getOrCreateUserAccount,
    getOrCreatePlatformAccount: accounts.getOrCreatePlatformAccount,
    platformBalance: accounts.platformBalance,
    getAccount: accounts.getAccount,

    // Transfers (ledger.transfers.ts) and the statement of one account (ledger.statements.ts).
    transfer: transfers.transfer,
    getTransfer: transfers.getTransfer,
    accountTransfers,

    // Two-phase holds (ledger.holds.ts).
    hold: holds.hold,
    postHold: holds.postHold,
    voidHold: holds.voidHold,
    getHold: holds.getHold,

    // The fast path for fresh postings between existing accounts (ledger.fast.ts).
    userAccounts: fast.userAccounts,
    platformShards: fast.platformShards,
    postFresh: fast.postFresh,
    freshParts: fast.freshParts,
    balanceLock: fast.balanceLock,
    // Many operations' holds, hold changes and transfers in one currency, as bundle parts (ledger.bulk.ts).
    bulkParts: bulk.bulkParts,

    // Balances (ledger.accounts.ts), the demo funding (ledger.transfers.ts), statements and audit.
    balances: accounts.balances,
    balance: accounts.balance,
    fundDemoOnce: transfers.fundDemoOnce,
    statement,
    trialBalance,
    // What users paid the platform in trading fees (ledger.fees-paid.ts).
    feesPaid,
    // Every user's available + locked per currency and the rest of the book, for proof of liabilities.
    usersMoney,
    restOfBook,
  };
}
