import {
  fitsLedger,
  formatDecimal,
  fromLedger,
  isMoneyError,
  LEDGER_SCALE,
  parseDecimal,
  toLedger,
  toScale,
} from '@openbourse/money';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { DEFAULT_CURRENCIES, QUOTE_CURRENCY } from './ledger.currencies.ts';
import {
  holdNotFound,
  insufficientBalance,
  invalidAmount,
  LedgerMisuseError,
  ledgerConflict,
  unknownCurrency,
} from './ledger.errors.ts';
import * as repo from './ledger.repository.ts';
import type { AccountRow, CurrencyRow, HoldRow, TransferRow } from './ledger.repository.ts';
import {
  type Account,
  type AccountKind,
  type AccountRef,
  type BalanceLine,
  type Currency,
  type Hold,
  type HoldInput,
  type HoldResult,
  type HoldSelector,
  MODES,
  type Mode,
  PLATFORM_ACCOUNT_KINDS,
  type PlatformAccountKind,
  type PostHoldInput,
  type StatementEntry,
  type Transfer,
  type TransferInput,
  type TransferResult,
  type TrialBalance,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
  type VoidHoldInput,
} from './ledger.types.ts';

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

/** What a move writes: resolved accounts, units at the currency's scale. */
interface Move {
  key: string;
  debit: AccountRow;
  credit: AccountRow;
  currency: CurrencyRow;
  units: bigint;
  code: string;
  holdId?: number | null;
  refType?: string | null;
  refId?: string | null;
  memo?: string | null;
}

export function createLedgerService({ db, clock }: LedgerServiceDeps) {
  /**
   * Runs `fn` atomically inside `exec`: a transaction on the database, a savepoint inside a caller's
   * transaction. A refused operation therefore leaves nothing behind and the caller's transaction
   * stays usable (PostgreSQL would otherwise abort it on the first failed statement).
   */
  function atomically<T>(exec: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return (exec as Db).transaction(fn);
  }

  async function requireCurrency(exec: Executor, code: string): Promise<CurrencyRow> {
    const row = typeof code === 'string' ? await repo.findCurrency(exec, code) : undefined;
    if (!row) throw unknownCurrency();
    return row;
  }

  /** A positive amount the currency can represent and numeric(38,18) can hold, as units at the currency's scale. */
  function parseAmount(amount: string, currency: CurrencyRow): bigint {
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
  const fmt = (stored: string, scale: number) => formatDecimal(fromLedger(stored, scale), scale);

  function checkKey(key: string, what = 'key'): void {
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new LedgerMisuseError(`${what} must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`);
    }
  }
  function checkCurrency(c: Currency): void {
    // numeric(38,18) cannot hold more decimals than 18.
    if (!/^[A-Z0-9]{2,12}$/.test(c.code) || !Number.isSafeInteger(c.scale) || c.scale < 0 || c.scale > LEDGER_SCALE) {
      throw new LedgerMisuseError(`bad currency ${JSON.stringify(c)}`);
    }
  }
  function checkMode(mode: Mode): void {
    if (!MODES.includes(mode)) throw new LedgerMisuseError(`unknown mode ${String(mode)}`);
  }
  function checkUserId(userId: number): void {
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new LedgerMisuseError(`bad user id ${String(userId)}`);
  }

  // ─── accounts ────────────────────────────────────────────────────────────────────────────────

  async function accountRow(
    exec: Executor,
    userId: number | null,
    mode: Mode,
    currency: string,
    kind: AccountKind,
  ): Promise<AccountRow> {
    const key = { userId, mode, currency, kind };
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

  function toAccount(row: AccountRow, scale: number): Account {
    return {
      id: row.id,
      userId: row.userId,
      mode: row.mode as Mode,
      currency: row.currency,
      kind: row.kind as AccountKind,
      balance: fmt(row.balance, scale),
      nonNegative: row.nonNegative,
    };
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
      return accountRow(tx, null, ref.mode, currency, ref.platform);
    }
    checkUserId(ref.userId);
    if (ref.kind !== undefined && ref.kind !== 'available') {
      throw new LedgerMisuseError('locked accounts move only through holds');
    }
    return accountRow(tx, ref.userId, ref.mode, currency, 'available');
  }

  /** Like resolveAccount but never creates: for comparing a replay without writing. */
  async function lookupAccount(tx: Executor, ref: AccountRef, currency: string): Promise<AccountRow | undefined> {
    if (typeof ref === 'number') return repo.findAccountById(tx, ref);
    if ('platform' in ref) return repo.findAccount(tx, { userId: null, mode: ref.mode, currency, kind: ref.platform });
    return repo.findAccount(tx, { userId: ref.userId, mode: ref.mode, currency, kind: 'available' });
  }

  /**
   * Creating accounts takes unique-index locks; two transfers creating the same pair of fresh
   * accounts in opposite order could deadlock. Resolving in a fixed order (existing ids, then
   * platform accounts, then users by id) avoids it.
   */
  function refOrder(ref: AccountRef): string {
    if (typeof ref === 'number') return `0:${String(ref).padStart(20, '0')}`;
    if ('platform' in ref) return `1:${ref.platform}`;
    return `2:${String(ref.userId).padStart(20, '0')}`;
  }

  async function resolvePair(tx: Executor, debit: AccountRef, credit: AccountRef, currency: string) {
    if (refOrder(debit) <= refOrder(credit)) {
      const d = await resolveAccount(tx, debit, currency);
      return [d, await resolveAccount(tx, credit, currency)] as const;
    }
    const c = await resolveAccount(tx, credit, currency);
    return [await resolveAccount(tx, debit, currency), c] as const;
  }

  // ─── transfers ───────────────────────────────────────────────────────────────────────────────

  function toTransfer(row: TransferRow, scale: number): Transfer {
    return {
      id: row.id,
      key: row.transferKey,
      debitAccountId: row.debitAccountId,
      creditAccountId: row.creditAccountId,
      currency: row.currency,
      amount: fmt(row.amount, scale),
      code: row.code,
      holdId: row.holdId,
      refType: row.refType,
      refId: row.refId,
      memo: row.memo,
      createdAt: row.createdAt,
    };
  }

  /** Same money movement: accounts, currency, amount, code, hold and reference (the memo is free text). */
  function sameTransfer(row: TransferRow, m: Move): boolean {
    return (
      row.debitAccountId === m.debit.id &&
      row.creditAccountId === m.credit.id &&
      row.currency === m.currency.code &&
      fromLedger(row.amount) === toScale(m.units, m.currency.scale, LEDGER_SCALE) &&
      row.code === m.code &&
      row.holdId === (m.holdId ?? null) &&
      row.refType === (m.refType ?? null) &&
      row.refId === (m.refId ?? null)
    );
  }

  /**
   * The one place balances change. Must run inside atomically(): the transfer row is written before
   * the balances, so a refused debit relies on the rollback.
   *
   * Order matters: the insert of the key comes first so that a concurrent duplicate waits on the
   * unique index and then replays; the two balance updates follow in ascending account id so two
   * transfers touching the same pair lock them in the same order.
   */
  async function move(
    tx: Tx,
    m: Move,
    opts: { allowLocked?: boolean; replayAnyContent?: boolean } = {},
  ): Promise<TransferResult> {
    const { debit, credit, currency } = m;
    checkKey(m.key);
    checkKey(m.code, 'code');
    if (debit.id === credit.id) throw new LedgerMisuseError('debit and credit are the same account');
    if (debit.currency !== currency.code || credit.currency !== currency.code) {
      throw new LedgerMisuseError(`accounts ${debit.id}/${credit.id} are not ${currency.code} accounts`);
    }
    if (debit.mode !== credit.mode) throw new LedgerMisuseError('a transfer cannot cross real and demo');
    if (!opts.allowLocked && (debit.kind === 'locked' || credit.kind === 'locked')) {
      throw new LedgerMisuseError('locked accounts move only through holds');
    }
    const amount = toLedger(m.units, currency.scale);
    const inserted = await repo.insertTransferIfAbsent(tx, {
      transferKey: m.key,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: currency.code,
      amount,
      code: m.code,
      holdId: m.holdId ?? null,
      refType: m.refType ?? null,
      refId: m.refId ?? null,
      memo: m.memo ?? null,
      createdAt: clock.now(),
    });
    if (!inserted) {
      const existing = await repo.findTransferByKey(tx, m.key);
      if (!existing) throw new Error(`transfer ${m.key} conflicted but is not visible`);
      if (!opts.replayAnyContent && !sameTransfer(existing, m)) throw ledgerConflict('transfer_key');
      const scale = existing.currency === currency.code ? currency.scale : LEDGER_SCALE;
      return { ...toTransfer(existing, scale), replayed: true };
    }
    for (const account of debit.id < credit.id ? [debit, credit] : [credit, debit]) {
      if (account === debit) {
        if (!(await repo.debitAccount(tx, debit.id, amount))) throw insufficientBalance(currency.code);
      } else {
        await repo.creditAccount(tx, credit.id, amount);
      }
    }
    return { ...toTransfer(inserted, currency.scale), replayed: false };
  }

  // ─── holds ───────────────────────────────────────────────────────────────────────────────────

  function toHold(row: HoldRow, scale: number): Hold {
    return {
      id: row.id,
      key: row.holdKey,
      userId: row.userId,
      mode: row.mode as Mode,
      currency: row.currency,
      amount: fmt(row.amount, scale),
      remaining: fmt(row.remaining, scale),
      status: row.status as Hold['status'],
      code: row.code,
      refType: row.refType,
      refId: row.refId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  function selectorOf(sel: HoldSelector): { id: number } | { key: string } {
    if (sel.holdId !== undefined) return { id: sel.holdId };
    if (sel.holdKey !== undefined) return { key: sel.holdKey };
    throw new LedgerMisuseError('holdId or holdKey is required');
  }

  /** The hold, row-locked so that posts and voids of one hold are serialised. */
  async function lockHold(tx: Tx, sel: HoldSelector): Promise<{ row: HoldRow; currency: CurrencyRow }> {
    const row = await repo.findHold(tx, selectorOf(sel), true);
    if (!row) throw holdNotFound();
    return { row, currency: await requireCurrency(tx, row.currency) };
  }

  async function lockedAccountOf(tx: Tx, row: HoldRow): Promise<AccountRow> {
    const locked = await repo.findAccount(tx, {
      userId: row.userId,
      mode: row.mode,
      currency: row.currency,
      kind: 'locked',
    });
    if (!locked) throw new Error(`hold ${row.id} has no locked account`);
    return locked;
  }

  // ─── the service ─────────────────────────────────────────────────────────────────────────────

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
      const cur = await requireCurrency(exec, currency);
      return toAccount(await accountRow(exec, userId, mode, cur.code, kind), cur.scale);
    },

    async getOrCreatePlatformAccount(
      exec: Executor,
      mode: Mode,
      currency: string,
      kind: PlatformAccountKind,
    ): Promise<Account> {
      checkMode(mode);
      if (!PLATFORM_ACCOUNT_KINDS.includes(kind)) throw new LedgerMisuseError(`bad platform account kind ${kind}`);
      const cur = await requireCurrency(exec, currency);
      return toAccount(await accountRow(exec, null, mode, cur.code, kind), cur.scale);
    },

    async getAccount(exec: Executor, id: number): Promise<Account | undefined> {
      const row = await repo.findAccountById(exec, id);
      if (!row) return undefined;
      return toAccount(row, (await requireCurrency(exec, row.currency)).scale);
    },

    /**
     * Moves `amount` from debit to credit. Idempotent by key: the same content replays the first
     * transfer (replayed: true, no money moves); other content → 40900. A non-negative account that
     * would go below zero → 10092 and nothing is written. Bad amount or currency → 40001.
     */
    async transfer(exec: Executor, input: TransferInput): Promise<TransferResult> {
      checkKey(input.key);
      const cur = await requireCurrency(exec, input.currency);
      const units = parseAmount(input.amount, cur);
      return atomically(exec, async (tx) => {
        const [debit, credit] = await resolvePair(tx, input.debit, input.credit, cur.code);
        return move(tx, {
          key: input.key,
          debit,
          credit,
          currency: cur,
          units,
          code: input.code,
          refType: input.refType,
          refId: input.refId,
          memo: input.memo,
        });
      });
    },

    async getTransfer(exec: Executor, key: string): Promise<Transfer | undefined> {
      const row = await repo.findTransferByKey(exec, key);
      if (!row) return undefined;
      return toTransfer(row, (await requireCurrency(exec, row.currency)).scale);
    },

    /** Newest first: the statement of one account. */
    async accountTransfers(exec: Executor, accountId: number, limit = 100): Promise<Transfer[]> {
      const account = await repo.findAccountById(exec, accountId);
      if (!account) return [];
      const { scale } = await requireCurrency(exec, account.currency);
      return (await repo.listAccountTransfers(exec, accountId, limit)).map((r) => toTransfer(r, scale));
    },

    /**
     * Phase one: moves `amount` from the user's available to their locked account and records a
     * pending hold. Idempotent by key (replay returns the hold in its current state; other content
     * → 40900). Insufficient → 10092, nothing written.
     */
    async hold(exec: Executor, input: HoldInput): Promise<HoldResult> {
      checkKey(input.key);
      checkKey(input.code, 'code');
      checkUserId(input.userId);
      checkMode(input.mode);
      const cur = await requireCurrency(exec, input.currency);
      const units = parseAmount(input.amount, cur);
      const amount = toLedger(units, cur.scale);
      return atomically(exec, async (tx) => {
        const now = clock.now();
        const inserted = await repo.insertHoldIfAbsent(tx, {
          holdKey: input.key,
          userId: input.userId,
          mode: input.mode,
          currency: cur.code,
          amount,
          remaining: amount,
          status: 'pending',
          code: input.code,
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) {
          const existing = await repo.findHold(tx, { key: input.key });
          if (!existing) throw new Error(`hold ${input.key} conflicted but is not visible`);
          const same =
            existing.userId === input.userId &&
            existing.mode === input.mode &&
            existing.currency === cur.code &&
            fromLedger(existing.amount) === toScale(units, cur.scale, LEDGER_SCALE) &&
            existing.code === input.code &&
            existing.refType === (input.refType ?? null) &&
            existing.refId === (input.refId ?? null);
          if (!same) throw ledgerConflict('hold_key');
          const t = await repo.findTransferByKey(tx, holdTransferKey(input.key));
          return {
            hold: toHold(existing, cur.scale),
            transfer: t ? { ...toTransfer(t, cur.scale), replayed: true } : null,
            replayed: true,
          };
        }
        const available = await accountRow(tx, input.userId, input.mode, cur.code, 'available');
        const locked = await accountRow(tx, input.userId, input.mode, cur.code, 'locked');
        const transfer = await move(
          tx,
          {
            key: holdTransferKey(input.key),
            debit: available,
            credit: locked,
            currency: cur,
            units,
            code: LEDGER_CODES.hold,
            holdId: inserted.id,
            refType: input.refType,
            refId: input.refId,
          },
          { allowLocked: true },
        );
        return { hold: toHold(inserted, cur.scale), transfer, replayed: false };
      });
    },

    /**
     * Phase two, settling: moves `amount` (default: all that remains) from the locked account to
     * `to` (same mode and currency; not a locked account). Partial posts keep the hold pending; it
     * becomes posted when nothing remains. Idempotent by `key`. More than remains → 40001; a hold
     * already posted or voided → 40900.
     */
    async postHold(exec: Executor, input: PostHoldInput): Promise<HoldResult> {
      checkKey(input.key);
      const code = input.code ?? LEDGER_CODES.holdPost;
      return atomically(exec, async (tx) => {
        const { row, currency: cur } = await lockHold(tx, input);
        const refType = input.refType ?? row.refType;
        const refId = input.refId ?? row.refId;
        const existing = await repo.findTransferByKey(tx, input.key);
        if (existing) {
          const to = await lookupAccount(tx, input.to, cur.code);
          const same =
            existing.holdId === row.id &&
            existing.creditAccountId === to?.id &&
            existing.code === code &&
            existing.refType === refType &&
            existing.refId === refId &&
            (input.amount === undefined ||
              fromLedger(existing.amount) === toScale(parseAmount(input.amount, cur), cur.scale, LEDGER_SCALE));
          if (!same) throw ledgerConflict('transfer_key');
          return {
            hold: toHold(row, cur.scale),
            transfer: { ...toTransfer(existing, cur.scale), replayed: true },
            replayed: true,
          };
        }
        if (row.status !== 'pending') throw ledgerConflict(`hold_${row.status}`);
        const remaining = fromLedger(row.remaining, cur.scale);
        const units = input.amount === undefined ? remaining : parseAmount(input.amount, cur);
        if (units > remaining) throw invalidAmount();
        const locked = await lockedAccountOf(tx, row);
        const to = await resolveAccount(tx, input.to, cur.code);
        if (to.kind === 'locked') throw new LedgerMisuseError('a hold cannot be posted into a locked account');
        if (to.mode !== row.mode) throw new LedgerMisuseError('a hold cannot be posted across real and demo');
        const transfer = await move(
          tx,
          {
            key: input.key,
            debit: locked,
            credit: to,
            currency: cur,
            units,
            code,
            holdId: row.id,
            refType,
            refId,
            memo: input.memo,
          },
          { allowLocked: true },
        );
        const left = remaining - units;
        const updated = await repo.updateHold(tx, row.id, {
          remaining: toLedger(left, cur.scale),
          status: left === 0n ? 'posted' : 'pending',
          updatedAt: clock.now(),
        });
        return { hold: toHold(updated, cur.scale), transfer, replayed: false };
      });
    },

    /**
     * Phase two, releasing: returns what remains locked to the user's available account and marks
     * the hold voided. Idempotent by `key`; voiding an already voided hold is a no-op (transfer
     * null); voiding a fully posted hold → 40900.
     */
    async voidHold(exec: Executor, input: VoidHoldInput): Promise<HoldResult> {
      checkKey(input.key);
      const code = input.code ?? LEDGER_CODES.holdVoid;
      return atomically(exec, async (tx) => {
        const { row, currency: cur } = await lockHold(tx, input);
        const existing = await repo.findTransferByKey(tx, input.key);
        if (existing) {
          if (existing.holdId !== row.id || existing.code !== code) throw ledgerConflict('transfer_key');
          return {
            hold: toHold(row, cur.scale),
            transfer: { ...toTransfer(existing, cur.scale), replayed: true },
            replayed: true,
          };
        }
        if (row.status === 'voided') return { hold: toHold(row, cur.scale), transfer: null, replayed: true };
        if (row.status !== 'pending') throw ledgerConflict(`hold_${row.status}`);
        const remaining = fromLedger(row.remaining, cur.scale);
        const locked = await lockedAccountOf(tx, row);
        const available = await accountRow(tx, row.userId, row.mode as Mode, cur.code, 'available');
        const transfer = await move(
          tx,
          {
            key: input.key,
            debit: locked,
            credit: available,
            currency: cur,
            units: remaining,
            code,
            holdId: row.id,
            refType: row.refType,
            refId: row.refId,
            memo: input.memo,
          },
          { allowLocked: true },
        );
        const updated = await repo.updateHold(tx, row.id, {
          remaining: toLedger(0n, cur.scale),
          status: 'voided',
          updatedAt: clock.now(),
        });
        return { hold: toHold(updated, cur.scale), transfer, replayed: false };
      });
    },

    async getHold(exec: Executor, sel: HoldSelector): Promise<Hold | undefined> {
      const row = await repo.findHold(exec, selectorOf(sel));
      if (!row) return undefined;
      return toHold(row, (await requireCurrency(exec, row.currency)).scale);
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
      const cur = await requireCurrency(exec, currency);
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

    /**
     * Credits the user's demo account once with `amount` (parameter demo_initial_balance) from the
     * demo faucet, which may go negative: it is where virtual money comes from. Keyed
     * `demo-fund:<userId>`; any later call — even with another amount — returns the first funding.
     */
    async fundDemoOnce(
      exec: Executor,
      userId: number,
      amount: string,
      currency: string = QUOTE_CURRENCY,
    ): Promise<TransferResult> {
      checkUserId(userId);
      const key = demoFundKey(userId);
      const previous = await repo.findTransferByKey(exec, key);
      if (previous) {
        const { scale } = await requireCurrency(exec, previous.currency);
        return { ...toTransfer(previous, scale), replayed: true };
      }
      const cur = await requireCurrency(exec, currency);
      const units = parseAmount(amount, cur);
      return atomically(exec, async (tx) => {
        const faucet = await accountRow(tx, null, 'demo', cur.code, 'faucet');
        const user = await accountRow(tx, userId, 'demo', cur.code, 'available');
        return move(
          tx,
          {
            key,
            debit: faucet,
            credit: user,
            currency: cur,
            units,
            code: LEDGER_CODES.demoFund,
            refType: 'user',
            refId: String(userId),
          },
          { replayAnyContent: true },
        );
      });
    },

    /**
     * The audit: per (mode, currency) the sum of all balances (zero by double entry), and every
     * account, hold and transfer that disagrees with the journal. `ok` when all of it is clean.
     */
    /**
     * The user's statement in one mode: every transfer touching their available or locked
     * accounts, newest first, with the signed change of each side. A hold's own transfer carries
     * the hold's code (what it was held for); `amount` is the change of available + locked.
     */
    async statement(
      exec: Executor,
      userId: number,
      mode: Mode,
      opts: { currency?: string; page: number; size: number },
    ): Promise<{ entries: StatementEntry[]; total: number }> {
      checkMode(mode);
      const accounts = await repo.userAccountIds(exec, userId, mode, opts.currency);
      if (accounts.length === 0) return { entries: [], total: 0 };
      const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
      const { rows, total } = await repo.transfersOfAccounts(
        exec,
        accounts.map((a) => a.id),
        opts.size,
        (opts.page - 1) * opts.size,
      );
      const scales = new Map<string, number>();
      const entries: StatementEntry[] = [];
      for (const r of rows) {
        let scale = scales.get(r.currency);
        if (scale === undefined) {
          scale = (await requireCurrency(exec, r.currency)).scale;
          scales.set(r.currency, scale);
        }
        const units = fromLedger(r.amount, scale);
        let available = 0n;
        let locked = 0n;
        const debit = kindOf.get(r.debitAccountId);
        const credit = kindOf.get(r.creditAccountId);
        if (debit === 'locked') locked -= units;
        else if (debit !== undefined) available -= units;
        if (credit === 'locked') locked += units;
        else if (credit !== undefined) available += units;
        entries.push({
          id: r.id,
          time: r.createdAt,
          code: r.code === LEDGER_CODES.hold ? (r.holdCode ?? r.code) : r.code,
          currency: r.currency,
          amount: formatDecimal(available + locked, scale),
          available: formatDecimal(available, scale),
          locked: formatDecimal(locked, scale),
          refType: r.refType,
          refId: r.refId,
        });
      }
      return { entries, total };
    },

    async trialBalance(exec: Executor): Promise<TrialBalance> {
      const [totals, mismatches, negatives, crossed, holds] = [
        await repo.totalsByModeAndCurrency(exec),
        await repo.accountMismatches(exec),
        await repo.negativeAccounts(exec),
        await repo.crossedTransfers(exec),
        await repo.holdMismatches(exec),
      ];
      const result: TrialBalance = {
        ok: false,
        totals: totals.map((t) => ({
          mode: t.mode as Mode,
          currency: t.currency,
          total: t.total,
          accounts: Number(t.accounts),
        })),
        accountMismatches: mismatches.map((m) => ({
          accountId: m.accountId,
          balance: m.balance,
          expected: m.expected,
        })),
        negativeAccounts: negatives,
        crossedTransfers: crossed,
        holdMismatches: holds.map((h) => ({
          userId: Number(h.userId),
          mode: h.mode as Mode,
          currency: h.currency,
          locked: h.locked,
          held: h.held,
        })),
      };
      result.ok =
        result.totals.every((t) => fromLedger(t.total) === 0n) &&
        result.accountMismatches.length === 0 &&
        result.negativeAccounts.length === 0 &&
        result.crossedTransfers.length === 0 &&
        result.holdMismatches.length === 0;
      return result;
    },
  };
}
