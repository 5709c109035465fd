/**
 * What the parts of the ledger service share: the ledger's own transfer codes and key prefixes,
 * the savepoint wrapper, currency look-up, amount parsing and the checks that refuse a caller's
 * misuse before anything is written.
 */
import { fitsLedger, formatDecimal, fromLedger, isMoneyError, LEDGER_SCALE, parseDecimal } from '@openbourse/money';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { invalidAmount, LedgerMisuseError, unknownCurrency } from './ledger.errors.ts';
import * as repo from './ledger.repository.ts';
import type { CurrencyRow } from './ledger.repository.ts';
import { type Currency, MODES, type Mode } from './ledger.types.ts';

/** Transfer codes the ledger itself writes (other modules bring their own; see README). */
export const LEDGER_CODES = {
  demoFund: 'demo_fund',
  hold: 'hold',
  holdPost: 'hold_post',
  holdVoid: 'hold_void',
} as const;

/** The locking transfer of hold `key` (holds and transfers share the transfer-key space). */
export const holdTransferKey = (holdKey: string) => `hold:${holdKey}`;
export const demoFundKey = (userId: number) => `demo-fund:${userId}`;

const MAX_KEY_LENGTH = 200;

/**
 * Runs `fn` atomically inside `exec`: a transaction on the database, a savepoint inside a caller's
 * transaction. A refused operation therefore leaves nothing behind and the caller's transaction
 * stays usable (PostgreSQL would otherwise abort it on the first failed statement).
 */
export function atomically<T>(exec: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (exec as Db).transaction(fn);
}

export async function requireCurrency(exec: Executor, code: string): Promise<CurrencyRow> {
  const row = typeof code === 'string' ? await repo.findCurrency(exec, code) : undefined;
  if (!row) throw unknownCurrency();
  return row;
}

/** A positive amount the currency can represent and numeric(38,18) can hold, as units at the currency's scale. */
export function parseAmount(amount: string, currency: CurrencyRow): bigint {
  let units: bigint;
  try {
    units = parseDecimal(amount, currency.scale);
  } catch (e) {
    if (isMoneyError(e)) throw invalidAmount();
    throw e;
  }
  if (units <= 0n || !fitsLedger(units, currency.scale)) throw invalidAmount();
  return units;
}

/** A stored numeric(38,18) string at the currency's scale. */
export const fmt = (stored: string, scale: number) => formatDecimal(fromLedger(stored, scale), scale);

export function checkKey(key: string, what = 'key'): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new LedgerMisuseError(`${what} must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`);
  }
}
export function checkCurrency(c: Currency): void {
  // numeric(38,18) cannot hold more decimals than 18.
  if (!/^[A-Z0-9]{2,12}$/.test(c.code) || !Number.isSafeInteger(c.scale) || c.scale < 0 || c.scale > LEDGER_SCALE) {
    throw new LedgerMisuseError(`bad currency ${JSON.stringify(c)}`);
  }
}
export function checkMode(mode: Mode): void {
  if (!MODES.includes(mode)) throw new LedgerMisuseError(`unknown mode ${String(mode)}`);
}
export function checkUserId(userId: number): void {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new LedgerMisuseError(`bad user id ${String(userId)}`);
}
