/**
 * Currencies and accounts: seeding currencies, race-safe get-or-create of accounts, resolving a
 * transfer's account references in a deadlock-free order, and the user's balance lines.
 */
import { formatDecimal, fromLedger } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { DEFAULT_CURRENCIES, QUOTE_CURRENCY } from './ledger.currencies.ts';
import { LedgerMisuseError } from './ledger.errors.ts';
import { checkCurrency, checkMode, checkUserId, fmt, requireCurrency } from './ledger.helpers.ts';
import * as repo from './ledger.repository.ts';
import type { AccountRow, CurrencyRow } from './ledger.repository.ts';
import {
  type Account,
  type AccountKind,
  type AccountRef,
  type BalanceLine,
  type Currency,
  MONEY_ACCOUNT_KINDS,
  type Mode,
  PLATFORM_ACCOUNT_KINDS,
  PLATFORM_SHARDS,
  type PlatformAccountKind,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from './ledger.types.ts';

export function toAccount(row: AccountRow, scale: number): Account {
  return {
    id: row.id,
    userId: row.userId,
    mode: row.mode as Mode,
    currency: row.currency,
    kind: row.kind as AccountKind,
    balance: fmt(row.balance, scale),
    nonNegative: row.nonNegative,
    shard: row.shard,
  };
}

export function checkShard(shard: number): number {
  if (!Number.isSafeInteger(shard) || shard < 0 || shard >= PLATFORM_SHARDS) {
    throw new LedgerMisuseError(`bad platform shard ${String(shard)}`);
  }
  return shard;
}

/** Like resolveAccount but never creates: for comparing a replay without writing. */
export async function lookupAccount(tx: Executor, ref: AccountRef, currency: string): Promise<AccountRow | undefined> {
  if (typeof ref === 'number') return repo.findAccountById(tx, ref);
  if ('platform' in ref) {
    return repo.findAccount(tx, { userId: null, mode: ref.mode, currency, kind: ref.platform, shard: ref.shard ?? 0 });
  }
  return repo.findAccount(tx, { userId: ref.userId, mode: ref.mode, currency, kind: ref.kind ?? 'available' });
}

/**
 * Creating accounts takes unique-index locks; two transfers creating the same pair of fresh
 * accounts in opposite order could deadlock. Resolving in a fixed order (existing ids, then
 * platform accounts, then users by id) avoids it.
 */
function refOrder(ref: AccountRef): string {
  if (typeof ref === 'number') return `0:${String(ref).padStart(20, '0')}`;
  if ('platform' in ref) return `1:${ref.platform}:${String(ref.shard ?? 0).padStart(5, '0')}`;
  return `2:${String(ref.userId).padStart(20, '0')}:${ref.kind ?? 'available'}`;
}

/** How long a currency row read outside any transaction is reused (see `currencyReader`). */
export const CURRENCY_TTL_MS = 60_000;

/**
 * `requireCurrency` with a cache. Every balance, hold and transfer looks its currency up, and
 * currency rows are never rewritten (the scale is data, ledger.currencies.ts) nor deleted: a row
 * read through the ledger's own database handle, outside any transaction and therefore committed,
 * is reused for `ttlMs`. A row read inside a transaction is not kept (that transaction may have
 * inserted it and may still roll back); an unknown code is always looked up.
 */
export function currencyReader(db: Db | undefined, clock: Clock, ttlMs = CURRENCY_TTL_MS) {
  const rows = new Map<string, { at: number; row: CurrencyRow }>();
  return async function currencyRow(exec: Executor, code: string): Promise<CurrencyRow> {
    const now = clock.now().getTime();
    const hit = typeof code === 'string' ? rows.get(code) : undefined;
    if (hit && now >= hit.at && now - hit.at < ttlMs) return hit.row;
    const row = await requireCurrency(exec, code);
    if (db !== undefined && exec === db && ttlMs > 0) rows.set(row.code, { at: now, row: Object.freeze({ ...row }) });
    return row;
  };
}

export type LedgerAccounts = ReturnType<typeof createLedgerAccounts>;

/** `db`: the handle whose reads outside transactions may fill the currency cache (none: no cache). */
export function createLedgerAccounts({ clock, db }: { clock: Clock; db?: Db }) {
  const currencyRow = currencyReader(db, clock);

  async function accountRow(
    exec: Executor,
    userId: number | null,
    mode: Mode,
    currency: string,
    kind: AccountKind,
    shard = 0,
  ): Promise<AccountRow> {
    const key = { userId, mode, currency, kind, shard };
    const found = await repo.findAccount(exec, key);
    if (found) return found;
    // Race-safe: a concurrent creator makes our insert do nothing (after waiting for it to commit).
    const created = await repo.insertAccountIfAbsent(exec, {
      ...key,
      // Platform accounts are the other side of every movement of money in or out; the faucet in
      // particular is the source of all virtual money, so they may go negative. Users may not.
      nonNegative: userId !== null,
      createdAt: clock.now(),
    });
    if (created) return created;
    const again = await repo.findAccount(exec, key);
    if (!again) throw new Error(`ledger account ${JSON.stringify(key)} could not be created`);
    return again;
  }

  /** Resolves a descriptor (creating the account) or an id (which must exist) to its row. */
  async function resolveAccount(tx: Executor, ref: AccountRef, currency: string): Promise<AccountRow> {
    if (typeof ref === 'number') {
      const row = await repo.findAccountById(tx, ref);
      if (!row) throw new LedgerMisuseError(`no ledger account ${ref}`);
      return row;
    }
    checkMode(ref.mode);
    if ('platform' in ref) {
      if (!PLATFORM_ACCOUNT_KINDS.includes(ref.platform))
        throw new LedgerMisuseError(`bad platform kind ${ref.platform}`);
      return accountRow(tx, null, ref.mode, currency, ref.platform, checkShard(ref.shard ?? 0));
    }
    checkUserId(ref.userId);
    if (ref.kind !== undefined && ref.kind !== 'available' && ref.kind !== 'debt') {
      throw new LedgerMisuseError('locked accounts move only through holds');
    }
    return accountRow(tx, ref.userId, ref.mode, currency, ref.kind ?? 'available');
  }

  async function resolvePair(tx: Executor, debit: AccountRef, credit: AccountRef, currency: string) {
    if (refOrder(debit) <= refOrder(credit)) {
      const d = await resolveAccount(tx, debit, currency);
      return [d, await resolveAccount(tx, credit, currency)] as const;
    }
    const c = await resolveAccount(tx, credit, currency);
    return [await resolveAccount(tx, debit, currency), c] as const;
  }

  return {
    accountRow,
    resolveAccount,
    resolvePair,
    /** The currency's row (40001 unknown), from the cache when it may be. */
    currencyRow,

    /** Inserts the default currencies that are missing; never rewrites an existing one. */
    async seedCurrencies(exec: Executor, list: readonly Currency[] = DEFAULT_CURRENCIES): Promise<void> {
      list.forEach(checkCurrency);
      await repo.insertCurrencies(
        exec,
        list.map((c) => ({ ...c })),
      );
    },

    /** Inserts one currency unless it exists; returns the stored row (whose scale wins). */
    async ensureCurrency(exec: Executor, currency: Currency): Promise<Currency> {
      checkCurrency(currency);
      await repo.insertCurrencies(exec, [{ ...currency }]);
      return (await requireCurrency(exec, currency.code)) as Currency;
    },

    async getCurrency(exec: Executor, code: string): Promise<Currency | undefined> {
      return (await repo.findCurrency(exec, code)) as Currency | undefined;
    },

    async listCurrencies(exec: Executor): Promise<Currency[]> {
      return (await repo.listCurrencies(exec)) as Currency[];
    },

    async getOrCreateUserAccount(
      exec: Executor,
      userId: number,
      mode: Mode,
      currency: string,
      kind: UserAccountKind = 'available',
    ): Promise<Account> {
      checkUserId(userId);
      checkMode(mode);
      if (!USER_ACCOUNT_KINDS.includes(kind)) throw new LedgerMisuseError(`bad user account kind ${kind}`);
      const cur = await currencyRow(exec, currency);
      return toAccount(await accountRow(exec, userId, mode, cur.code, kind), cur.scale);
    },

    async getOrCreatePlatformAccount(
      exec: Executor,
      mode: Mode,
      currency: string,
      kind: PlatformAccountKind,
      shard = 0,
    ): Promise<Account> {
      checkMode(mode);
      if (!PLATFORM_ACCOUNT_KINDS.includes(kind)) throw new LedgerMisuseError(`bad platform account kind ${kind}`);
      const cur = await currencyRow(exec, currency);
      return toAccount(await accountRow(exec, null, mode, cur.code, kind, checkShard(shard)), cur.scale);
    },

    /** The platform's balance of `kind`: the sum of its shards, a decimal string at the currency's scale. */
    async platformBalance(exec: Executor, mode: Mode, currency: string, kind: PlatformAccountKind): Promise<string> {
      checkMode(mode);
      if (!PLATFORM_ACCOUNT_KINDS.includes(kind)) throw new LedgerMisuseError(`bad platform account kind ${kind}`);
      const cur = await currencyRow(exec, currency);
      return fmt(await repo.platformTotal(exec, { mode, currency: cur.code, kind }), cur.scale);
    },

    async getAccount(exec: Executor, id: number): Promise<Account | undefined> {
      const row = await repo.findAccountById(exec, id);
      if (!row) return undefined;
      return toAccount(row, (await currencyRow(exec, row.currency)).scale);
    },

    /**
     * The user's balances in one mode: every currency with money in it, plus USDT always, as
     * decimal strings at the currency's scale.
     */
    async balances(exec: Executor, userId: number, mode: Mode): Promise<BalanceLine[]> {
      checkMode(mode);
      const rows = await repo.listUserAccounts(exec, userId, mode);
      const lines = new Map<string, { name: string; scale: number; sort: number; available: bigint; locked: bigint }>();
      for (const r of rows) {
        // What a user owes (debt) is not money of theirs.
        if (!MONEY_ACCOUNT_KINDS.includes(r.kind as UserAccountKind)) continue;
        const line = lines.get(r.currency) ?? { name: r.name, scale: r.scale, sort: r.sort, available: 0n, locked: 0n };
        const units = fromLedger(r.balance, r.scale);
        if (r.kind === 'locked') line.locked += units;
        else line.available += units;
        lines.set(r.currency, line);
      }
      if (!lines.has(QUOTE_CURRENCY)) {
        const quote = await repo.findCurrency(exec, QUOTE_CURRENCY);
        if (quote) lines.set(quote.code, { ...quote, available: 0n, locked: 0n });
      }
      return [...lines.entries()]
        .filter(([code, l]) => code === QUOTE_CURRENCY || l.available + l.locked !== 0n)
        .sort(([ca, a], [cb, b]) => a.sort - b.sort || (ca < cb ? -1 : ca > cb ? 1 : 0))
        .map(([currency, l]) => ({
          currency,
          name: l.name,
          scale: l.scale,
          available: formatDecimal(l.available, l.scale),
          locked: formatDecimal(l.locked, l.scale),
          total: formatDecimal(l.available + l.locked, l.scale),
        }));
    },

    /** One currency's line for the user (zeros when there are no accounts yet). */
    async balance(exec: Executor, userId: number, mode: Mode, currency: string): Promise<BalanceLine> {
      checkMode(mode);
      const cur = await currencyRow(exec, currency);
      const available = await repo.findAccount(exec, { userId, mode, currency: cur.code, kind: 'available' });
      const locked = await repo.findAccount(exec, { userId, mode, currency: cur.code, kind: 'locked' });
      const a = available ? fromLedger(available.balance, cur.scale) : 0n;
      const l = locked ? fromLedger(locked.balance, cur.scale) : 0n;
      return {
        currency: cur.code,
        name: cur.name,
        scale: cur.scale,
        available: formatDecimal(a, cur.scale),
        locked: formatDecimal(l, cur.scale),
        total: formatDecimal(a + l, cur.scale),
      };
    },
  };
}
