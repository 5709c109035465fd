import { asc, count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database, Executor } from '../../../db/client.ts';
import { type Driver, openTestDatabase } from '../../../test/db.ts';
import { AppError } from '../../../http/errors.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { ledgerAccounts, ledgerHolds, ledgerTransfers } from '../ledger.tables.ts';
import { createLedgerService, type LedgerService } from '../ledger.service.ts';

/** Everything the ledger can write, to prove that a refused operation wrote nothing. */
export async function snapshot(exec: Executor) {
  const accounts = await exec
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.id));
  const holds = await exec
    .select({ id: ledgerHolds.id, remaining: ledgerHolds.remaining, status: ledgerHolds.status })
    .from(ledgerHolds)
    .orderBy(asc(ledgerHolds.id));
  const [transfers] = await exec.select({ n: count() }).from(ledgerTransfers);
  return { accounts, holds, transfers: Number(transfers?.n ?? 0) };
}

/** The catalogue code an operation failed with (undefined when it succeeded). */
export async function codeOf(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

export async function expectCode(p: Promise<unknown>, code: number, field?: string): Promise<void> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe(code);
    if (field) expect((e as AppError).field).toBe(field);
    return;
  }
  expect.fail(`expected AppError ${code}`);
}

export async function expectBalanced(ledger: LedgerService, exec: Executor): Promise<void> {
  const tb = await ledger.trialBalance(exec);
  expect(tb, JSON.stringify(tb)).toMatchObject({
    ok: true,
    accountMismatches: [],
    negativeAccounts: [],
    crossedTransfers: [],
    holdMismatches: [],
  });
}

/**
 * openTestDatabase plus an 'error' listener on the pg pool. Its close() ends the pool and then
 * drops the database WITH (FORCE); pool.end() resolves before the idle connections have finished
 * closing, so the drop can terminate them (57P01) and the pool re-emits that as an 'error' event,
 * which with no listener is an unhandled error that fails the run. Tests that leave many pooled
 * connections open (the concurrency tests) hit it.
 */
export async function openLedgerTestDatabase(driver: Driver): Promise<Database> {
  const database = await openTestDatabase(driver);
  const pool = (database.db as unknown as { $client?: { on?: (event: string, fn: () => void) => void } }).$client;
  if (driver === 'postgres') pool?.on?.('error', () => {});
  return database;
}

/** A fresh test database with a ledger service on a fixed clock and the default currencies seeded. */
export async function openLedgerTestService(driver: Driver): Promise<{ database: Database; ledger: LedgerService }> {
  const database = await openLedgerTestDatabase(driver);
  const ledger = createLedgerService({ db: database.db, clock: new ManualClock('2026-01-01T00:00:00Z') });
  await ledger.seedCurrencies(database.db);
  return { database, ledger };
}

/** Gives a user `amount` from the treasury of `mode` (a deposit), under a key of its own. */
export function fundFromTreasury(
  ledger: LedgerService,
  exec: Executor,
  o: { userId: number; amount: string; currency: string; mode: 'real' | 'demo' },
) {
  return ledger.transfer(exec, {
    key: `test-fund:${o.userId}:${o.currency}:${o.mode}:${o.amount}:${Math.random()}`,
    debit: { platform: 'treasury', mode: o.mode },
    credit: { userId: o.userId, mode: o.mode },
    currency: o.currency,
    amount: o.amount,
    code: 'deposit',
  });
}
