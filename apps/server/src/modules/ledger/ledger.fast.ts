/**
 * The fast path for an operation whose postings are all new (holds and transfers under keys that
 * cannot exist yet, e.g. named by an order id just drawn from a sequence) between accounts that
 * already exist: one statement whatever the number of postings (or none of its own: `freshParts`
 * hands its parts to a caller's bundle, db/raw.ts), instead of a savepoint, look-ups, an insert and
 * two updates per posting. Its parts:
 *
 * 1. the holds and every transfer (a hold's own available → locked transfer included) are inserted;
 *    a key that exists is a unique violation, i.e. a bug in the caller;
 * 2. each account's balance moves once by its net change, in ascending id order, in one
 *    `update … from (values …)` whose condition is the ledger's conditional debit: a non-negative
 *    account that would go below zero is not updated, and the whole operation is refused (10092).
 *
 * A refusal leaves the rows of step 1 (and any balance step 2 did move) in the caller's
 * transaction: the caller must let that transaction roll back (throw), which is what an order's
 * placement does. Net changes are exact: the sum of an account's transfers in bigint units.
 *
 * Account metadata (id, owner, mode, currency, kind) never changes once an account exists, so it
 * is cached: read through the service's own handle outside any transaction (committed rows only),
 * and platform shards created there too, before the caller's transaction starts.
 */
import { fromLedger, toLedger } from '@openbourse/money';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Statement } from '../../db/pipeline.ts';
import { type BundlePart, runBundle } from '../../db/raw.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import { insufficientBalance, LedgerMisuseError } from './ledger.errors.ts';
import { checkKey, checkMode, checkUserId, holdTransferKey, LEDGER_CODES, parseAmount } from './ledger.helpers.ts';
import type { AccountRow } from './ledger.repository.ts';
import { ledgerAccounts } from './ledger.tables.ts';
import { type Mode, PLATFORM_SHARDS, type PlatformAccountKind } from './ledger.types.ts';

/** What never changes about an account. */
export interface AccountMeta {
  id: number;
  userId: number | null;
  mode: Mode;
  currency: string;
  kind: string;
  shard: number;
}

export interface UserAccountPair {
  available: AccountMeta;
  locked: AccountMeta;
}

export interface FreshHold {
  key: string;
  user: UserAccountPair;
  /** Decimal string, > 0, at most the currency's scale. */
  amount: string;
  code: string;
  refType?: string | null;
  refId?: string | null;
}

export interface FreshTransfer {
  key: string;
  debit: AccountMeta;
  credit: AccountMeta;
  amount: string;
  code: string;
  refType?: string | null;
  refId?: string | null;
  memo?: string | null;
}

const metaOf = (r: AccountRow): AccountMeta =>
  Object.freeze({
    id: r.id,
    userId: r.userId,
    mode: r.mode as Mode,
    currency: r.currency,
    kind: r.kind,
    shard: r.shard,
  });

/**
 * The statements below take one array per column (`unnest`), not one parameter per value: their
 * text is the same however many rows they write, so a bundle of them is prepared once per
 * connection and planned once, and sends no SQL text after its first time.
 */
const HOLD_TYPES = ['text', 'bigint', 'text', 'numeric', 'text', 'text', 'text'];
const TRANSFER_TYPES = ['text', 'bigint', 'bigint', 'numeric', 'text', 'text', 'text', 'text', 'text'];
const HOLD_PARAMS = HOLD_TYPES.length;
const TRANSFER_PARAMS = TRANSFER_TYPES.length;

/** `unnest($base+1::t1[], $base+2::t2[], …)`. */
function unnestOf(base: number, types: readonly string[]): string {
  return `unnest(${types.map((t, k) => `$${base + k + 1}::${t}[]`).join(', ')})`;
}

/** Flat row-major values, `width` per row, as one array per column. */
function columnsOf(flat: readonly unknown[], width: number): unknown[][] {
  const cols: unknown[][] = Array.from({ length: width }, () => []);
  flat.forEach((v, i) => {
    (cols[i % width] as unknown[]).push(v);
  });
  return cols;
}

/** The holds: $1 currency, $2 time, then one array per column; answers each hold's id under its key. */
const HOLDS_TEXT = `insert into ledger_holds (hold_key, user_id, mode, currency, amount, remaining, status, code, ref_type, ref_id,
      created_at, updated_at)
    select v.k, v.u, v.m, $1::text, v.a, v.a, 'pending', v.c, v.rt, v.ri, $2::timestamptz, $2::timestamptz
    from ${unnestOf(2, HOLD_TYPES)} as v(k, u, m, a, c, rt, ri)
    returning id, hold_key`;
const NO_HOLDS_TEXT = 'select null::bigint as id, null::text as hold_key where false';

/** The transfers: $1 currency, $2 time, then one array per column; a hold's own transfer joins it in `holds`. */
function transfersText(holds: string): string {
  return `insert into ledger_transfers (transfer_key, debit_account_id, credit_account_id, currency, amount, code, hold_id,
      ref_type, ref_id, memo, created_at)
    select t.k, t.d, t.c, $1::text, t.a, t.code, h.id, t.rt, t.ri, t.m, $2::timestamptz
    from ${unnestOf(2, TRANSFER_TYPES)} as t(k, d, c, a, code, hk, rt, ri, m)
    left join ${holds} h on h.hold_key = t.hk
    returning 1`;
}

/** Each account's net change, if a non-negative account stays at or above zero. */
const BALANCES_TEXT = `update ledger_accounts as a set balance = a.balance + d.delta
    from ${unnestOf(0, ['bigint', 'numeric'])} as d(id, delta)
    where a.id = d.id and (not a.non_negative or a.balance + d.delta >= 0)
    returning a.id`;

/**
 * Fresh postings as parts of a bundle (db/raw.ts `runBundle`): the caller may run them together
 * with its own writes in one statement, then must call `check` with the counts.
 */
export interface FreshParts {
  parts: BundlePart[];
  /** Throws 10092 when a non-negative account would have gone below zero (the caller rolls back). */
  check(counts: Record<string, number>): void;
  /**
   * The rows each part must write, for a bundle that checks them itself (db/raw.ts `expect`) and
   * so fails whole, before its transaction commits, where `check` would have thrown.
   */
  expect: Record<string, number>;
}

export type LedgerFastPath = ReturnType<typeof createLedgerFastPath>;

export function createLedgerFastPath({ db, clock, accounts }: { db: Db; clock: Clock; accounts: LedgerAccounts }) {
  const { accountRow, currencyRow } = accounts;
  const pairs = new Map<string, UserAccountPair>();
  /** Loading or loaded: a cold start's concurrent orders share one load instead of each reading every shard. */
  const shards = new Map<string, Promise<readonly AccountMeta[]>>();

  /** One posting's rows, checked as `move` checks them. */
  function check(debit: AccountMeta, credit: AccountMeta, currency: string, viaHold: boolean) {
    if (debit.id === credit.id) throw new LedgerMisuseError('debit and credit are the same account');
    if (debit.currency !== currency || credit.currency !== currency) {
      throw new LedgerMisuseError(`accounts ${debit.id}/${credit.id} are not ${currency} accounts`);
    }
    if (debit.mode !== credit.mode) throw new LedgerMisuseError('a transfer cannot cross real and demo');
    if (!viaHold && (debit.kind === 'locked' || credit.kind === 'locked')) {
      throw new LedgerMisuseError('locked accounts move only through holds');
    }
  }

  const api = {
    /**
     * The user's available and locked accounts in `currency`, when both exist (committed); null
     * otherwise (the caller takes the ordinary path, which creates them).
     */
    async userAccounts(userId: number, mode: Mode, currency: string): Promise<UserAccountPair | null> {
      const key = `${userId}:${mode}:${currency}`;
      const hit = pairs.get(key);
      if (hit) return hit;
      checkUserId(userId);
      checkMode(mode);
      const rows = await db
        .select()
        .from(ledgerAccounts)
        .where(
          sql`${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.mode} = ${mode} and ${ledgerAccounts.currency} = ${currency}`,
        );
      const available = rows.find((r) => r.kind === 'available');
      const locked = rows.find((r) => r.kind === 'locked');
      if (!available || !locked) return null;
      const pair = Object.freeze({ available: metaOf(available), locked: metaOf(locked) });
      pairs.set(key, pair);
      return pair;
    },

    /** Every shard of a platform account, created (and committed) now if missing. Outside any transaction. */
    platformShards(mode: Mode, currency: string, kind: PlatformAccountKind): Promise<readonly AccountMeta[]> {
      const key = `${mode}:${currency}:${kind}`;
      const hit = shards.get(key);
      if (hit) return hit;
      checkMode(mode);
      const loading = (async () => {
        const cur = await currencyRow(db, currency);
        const list: AccountMeta[] = [];
        for (let shard = 0; shard < PLATFORM_SHARDS; shard++) {
          list.push(metaOf(await accountRow(db, null, mode, cur.code, kind, shard)));
        }
        return Object.freeze(list);
      })();
      shards.set(key, loading);
      // A failed load is forgotten, so the next order tries again.
      loading.catch(() => shards.delete(key));
      return loading;
    },

    /**
     * The statement that locks these accounts (ascending ids, as every writer locks them) until
     * its transaction ends, and the reading of their balances in units of `currency` from its rows:
     * a batch of orders decides which of them fit from these, then writes them all at once
     * (trading.batch.ts). `exec` reads the currency (outside the transaction to come, or in it).
     */
    async balanceLock(
      exec: Executor,
      currency: string,
      list: readonly AccountMeta[],
    ): Promise<{ statement: Statement; read(rows: readonly Record<string, unknown>[]): Map<number, bigint> }> {
      const cur = await currencyRow(exec, currency);
      for (const a of list) {
        if (a.currency !== cur.code) throw new LedgerMisuseError(`account ${a.id} is not a ${cur.code} account`);
      }
      const ids = [...new Set(list.map((a) => a.id))].sort((a, b) => a - b);
      return {
        statement: {
          name: 'ob_ledger_lock_balances',
          text: 'select id, balance from ledger_accounts where id = any($1::bigint[]) order by id for update',
          values: [ids],
        },
        read: (rows) => new Map(rows.map((r) => [Number(r.id), fromLedger(String(r.balance), cur.scale)])),
      };
    },

    /**
     * Fresh holds and transfers as bundle parts named `fresh_holds`, `fresh_transfers` and
     * `fresh_balances` (checked as `move` checks them; nothing is written until the caller runs them).
     */
    async freshParts(
      tx: Tx | Executor,
      input: { currency: string; holds?: readonly FreshHold[]; transfers?: readonly FreshTransfer[] },
    ): Promise<FreshParts> {
      // Inside the caller's transaction (from the cache when it may be): PGlite has one connection.
      const cur = await currencyRow(tx, input.currency);
      const now = clock.now();
      const deltas = new Map<number, { meta: AccountMeta; units: bigint }>();
      const move = (meta: AccountMeta, units: bigint) => {
        const d = deltas.get(meta.id) ?? { meta, units: 0n };
        d.units += units;
        deltas.set(meta.id, d);
      };
      const holdParams: unknown[] = [];
      const transferParams: unknown[] = [];
      const transferRow = (t: FreshTransfer, units: bigint, holdKey: string | null) => {
        checkKey(t.key);
        checkKey(t.code, 'code');
        move(t.debit, -units);
        move(t.credit, units);
        const amount = toLedger(units, cur.scale);
        transferParams.push(t.key, t.debit.id, t.credit.id, amount, t.code, holdKey);
        transferParams.push(t.refType ?? null, t.refId ?? null, t.memo ?? null);
      };
      for (const h of input.holds ?? []) {
        checkKey(h.key);
        checkKey(h.code, 'code');
        const { available, locked } = h.user;
        if (available.kind !== 'available' || locked.kind !== 'locked' || available.userId !== locked.userId) {
          throw new LedgerMisuseError('a hold needs the user’s available and locked accounts');
        }
        check(available, locked, cur.code, true);
        const units = parseAmount(h.amount, cur);
        holdParams.push(h.key, available.userId, available.mode, toLedger(units, cur.scale), h.code);
        holdParams.push(h.refType ?? null, h.refId ?? null);
        transferRow(
          {
            key: holdTransferKey(h.key),
            debit: available,
            credit: locked,
            amount: h.amount,
            code: LEDGER_CODES.hold,
            refType: h.refType,
            refId: h.refId,
          },
          units,
          h.key,
        );
      }
      for (const t of input.transfers ?? []) {
        check(t.debit, t.credit, cur.code, false);
        transferRow(t, parseAmount(t.amount, cur), null);
      }
      const nHolds = holdParams.length / HOLD_PARAMS;
      const nTransfers = transferParams.length / TRANSFER_PARAMS;
      if (nTransfers === 0) return { parts: [], check: () => undefined, expect: {} };
      const at = now.toISOString();
      const parts: BundlePart[] = [
        nHolds
          ? { name: 'fresh_holds', text: HOLDS_TEXT, values: [cur.code, at, ...columnsOf(holdParams, HOLD_PARAMS)] }
          : { name: 'fresh_holds', text: NO_HOLDS_TEXT, values: [] },
        {
          name: 'fresh_transfers',
          text: transfersText('fresh_holds'),
          values: [cur.code, at, ...columnsOf(transferParams, TRANSFER_PARAMS)],
        },
      ];
      // Ascending ids, as `move` locks them; accounts whose changes cancel out are not touched.
      const changes = [...deltas.values()].filter((d) => d.units !== 0n).sort((a, b) => a.meta.id - b.meta.id);
      if (changes.length > 0) {
        parts.push({
          name: 'fresh_balances',
          text: BALANCES_TEXT,
          values: [changes.map((d) => d.meta.id), changes.map((d) => toLedger(d.units, cur.scale))],
        });
      }
      return {
        parts,
        expect: {
          fresh_transfers: nTransfers,
          ...(changes.length > 0 ? { fresh_balances: changes.length } : {}),
        },
        check(counts) {
          if (counts.fresh_transfers !== nTransfers) throw new Error('ledger: fresh transfers not written');
          if (changes.length > 0 && counts.fresh_balances !== changes.length) {
            throw insufficientBalance(cur.code);
          }
        },
      };
    },

    /** Writes fresh holds and transfers in one statement (see the file's comment). */
    async postFresh(
      tx: Tx | Executor,
      input: { currency: string; holds?: readonly FreshHold[]; transfers?: readonly FreshTransfer[] },
    ): Promise<void> {
      const fresh = await api.freshParts(tx, input);
      fresh.check(await runBundle(tx, fresh.parts));
    },
  };
  return api;
}
