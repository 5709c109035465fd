/**
 * Every user's money in one read, for proof of liabilities (modules/liabilities): per user and
 * currency the balance of their `available` + `locked` accounts in a mode, and the rest of that
 * mode's book (platform accounts, users' debt) per currency. Read both in one REPEATABLE READ
 * transaction and, by double entry, the users' total is exactly minus the rest.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts } from './ledger.tables.ts';
import type { Mode } from './ledger.types.ts';

/** The kinds of a user's account that are the user's money (what the platform owes them). */
export const MONEY_KINDS = ['available', 'locked'] as const;

/** Per (user, currency): available + locked (numeric text at the ledger's scale), by user id. */
export async function usersMoney(exec: Executor, mode: Mode) {
  return exec
    .select({
      userId: sql<number>`${ledgerAccounts.userId}`.mapWith(Number),
      currency: ledgerAccounts.currency,
      balance: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        sql`${ledgerAccounts.userId} is not null`,
        eq(ledgerAccounts.mode, mode),
        inArray(ledgerAccounts.kind, [...MONEY_KINDS]),
      ),
    )
    .groupBy(ledgerAccounts.userId, ledgerAccounts.currency)
    .orderBy(asc(ledgerAccounts.userId));
}

/** Per currency: every other account of the mode's book (platform accounts, users' debt). */
export async function restOfBook(exec: Executor, mode: Mode) {
  return exec
    .select({ currency: ledgerAccounts.currency, balance: sql<string>`sum(${ledgerAccounts.balance})::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.mode, mode),
        sql`not (${ledgerAccounts.userId} is not null and ${ledgerAccounts.kind} in ('available', 'locked'))`,
      ),
    )
    .groupBy(ledgerAccounts.currency);
}
