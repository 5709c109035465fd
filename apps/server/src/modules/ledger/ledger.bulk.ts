/**
 * Bulk postings for a writer that settles many operations of one book at once (the spot exchange's
 * group commit): in one currency, fresh holds (inserted already at the state the batch leaves them
 * in: what is posted or released in the same batch is taken off before they are written), changes of
 * existing holds (posted or released in part or in full), and transfers (plain, or out of a hold's
 * locked funds), all as parts of one bundle (db/raw.ts) named with the caller's prefix, so a bundle
 * can carry two currencies. Every account moves once by its net change, in ascending id order, under
 * the ledger's conditional debit; every part checks its own row count (`expect`), so anything short
 * (a balance that would go below zero, a hold no longer pending or holding less) fails the statement
 * and the transaction with it. Keys must be new (named by ids the caller just drew).
 *
 * The ledger's invariants hold as with single operations: every hold's own available → locked
 * transfer is written; a locked account's balance equals the remaining amount of its user's holds
 * (a fresh hold's remaining is what its transfers leave of it); posts and releases are transfers
 * out of the locked account carrying the hold's id.
 */
import { toLedger } from '@openbourse/money';
import type { Executor, Tx } from '../../db/client.ts';
import type { BundlePart } from '../../db/raw.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import { LedgerMisuseError } from './ledger.errors.ts';
import type { AccountMeta, FreshParts, UserAccountPair } from './ledger.fast.ts';
import { checkKey, holdTransferKey, LEDGER_CODES } from './ledger.helpers.ts';

export interface BulkHold {
  key: string;
  user: UserAccountPair;
  /** What the hold locks, in the currency's minor units (> 0). */
  units: bigint;
  /** What remains of it once this batch's posts and releases of it are done (their transfers name `key`). */
  remaining: bigint;
  /** Its status when nothing remains: posted, or voided when its last movement released it. */
  endStatus?: 'posted' | 'voided';
  code: string;
  refType?: string | null;
  refId?: string | null;
}

export interface BulkTransfer {
  key: string;
  debit: AccountMeta;
  credit: AccountMeta;
  units: bigint;
  code: string;
  /** A post or release of this hold (fresh in the batch or existing): `debit` is its locked account. */
  holdKey?: string | null;
  refType?: string | null;
  refId?: string | null;
  memo?: string | null;
}

export interface BulkHoldChange {
  holdKey: string;
  /** Taken off the hold's remaining amount (the sum of this batch's transfers out of it). */
  units: bigint;
  /** The hold's status if nothing remains: posted, or voided when its last movement released it. */
  endStatus: 'posted' | 'voided';
}

/** Bulk parts, and each account's net change in minor units (accounts whose changes cancel out left out). */
export interface BulkParts extends FreshParts {
  changes: Map<number, bigint>;
}

const HOLD_TYPES = ['text', 'bigint', 'text', 'numeric', 'numeric', 'text', 'text', 'text', 'text'];
const TRANSFER_TYPES = ['text', 'bigint', 'bigint', 'numeric', 'text', 'text', 'text', 'text', 'text'];

function unnestOf(base: number, types: readonly string[]): string {
  return `unnest(${types.map((t, k) => `$${base + k + 1}::${t}[]`).join(', ')})`;
}

const holdsText = `insert into ledger_holds (hold_key, user_id, mode, currency, amount, remaining, status, code, ref_type,
      ref_id, created_at, updated_at)
    select v.k, v.u, v.m, $1::text, v.a, v.r, v.s, v.c, v.rt, v.ri, $2::timestamptz, $2::timestamptz
    from ${unnestOf(2, HOLD_TYPES)} as v(k, u, m, a, r, s, c, rt, ri)
    returning id, hold_key`;
const noHoldsText = 'select null::bigint as id, null::text as hold_key where false';

const holdChangesText = `update ledger_holds as h set remaining = h.remaining - d.a,
      status = case when h.remaining - d.a = 0 then d.s else h.status end, updated_at = $1::timestamptz
    from ${unnestOf(1, ['text', 'numeric', 'text'])} as d(k, a, s)
    where h.hold_key = d.k and h.status = 'pending' and h.remaining >= d.a
    returning h.id`;

/** Transfers that are plain or out of the bundle's fresh holds (`holds`, the part that inserts them). */
function transfersText(holds: string): string {
  return `insert into ledger_transfers (transfer_key, debit_account_id, credit_account_id, currency, amount, code,
      hold_id, ref_type, ref_id, memo, created_at)
    select t.k, t.d, t.c, $1::text, t.a, t.code, fh.id, t.rt, t.ri, t.m, $2::timestamptz
    from ${unnestOf(2, TRANSFER_TYPES)} as t(k, d, c, a, code, hk, rt, ri, m)
    left join ${holds} fh on fh.hold_key = t.hk
    returning 1`;
}

/** Transfers out of holds that existed before the bundle (each must find its hold). */
const heldTransfersText = `insert into ledger_transfers (transfer_key, debit_account_id, credit_account_id, currency, amount,
      code, hold_id, ref_type, ref_id, memo, created_at)
    select t.k, t.d, t.c, $1::text, t.a, t.code, eh.id, t.rt, t.ri, t.m, $2::timestamptz
    from ${unnestOf(2, TRANSFER_TYPES)} as t(k, d, c, a, code, hk, rt, ri, m)
    join ledger_holds eh on eh.hold_key = t.hk
    returning 1`;

const balancesText = `update ledger_accounts as a set balance = a.balance + d.delta
    from ${unnestOf(0, ['bigint', 'numeric'])} as d(id, delta)
    where a.id = d.id and (not a.non_negative or a.balance + d.delta >= 0)
    returning a.id`;

export function createLedgerBulk({ clock, accounts }: { clock: Clock; accounts: LedgerAccounts }) {
  return {
    /**
     * The parts (named `<prefix>_holds`, `<prefix>_hold_changes`, `<prefix>_transfers`,
     * `<prefix>_held_transfers` — out of holds that existed before — and `<prefix>_balances`) and the
     * row count each must return; nothing is written until the caller runs them in its bundle with
     * `expect`. The parts that change existing rows are marked `behind` (db/raw.ts).
     */
    async bulkParts(
      tx: Tx | Executor,
      input: {
        currency: string;
        prefix: string;
        holds?: readonly BulkHold[];
        holdChanges?: readonly BulkHoldChange[];
        transfers?: readonly BulkTransfer[];
      },
    ): Promise<BulkParts> {
      if (!/^[a-z][a-z0-9_]{0,30}$/.test(input.prefix)) throw new LedgerMisuseError('bad bulk prefix');
      const cur = await accounts.currencyRow(tx, input.currency);
      const at = clock.now().toISOString();
      const deltas = new Map<number, { meta: AccountMeta; units: bigint }>();
      const move = (meta: AccountMeta, units: bigint) => {
        const d = deltas.get(meta.id) ?? { meta, units: 0n };
        d.units += units;
        deltas.set(meta.id, d);
      };
      const same = (meta: AccountMeta) => {
        if (meta.currency !== cur.code) throw new LedgerMisuseError(`account ${meta.id} is not a ${cur.code} account`);
      };
      const positive = (units: bigint) => {
        if (units <= 0n) throw new LedgerMisuseError('a bulk amount must be positive');
      };
      const holdCols: unknown[][] = HOLD_TYPES.map(() => []);
      const transferCols: unknown[][] = TRANSFER_TYPES.map(() => []);
      /** Transfers out of holds that existed before (not among `input.holds`). */
      const heldCols: unknown[][] = TRANSFER_TYPES.map(() => []);
      const fresh = new Set((input.holds ?? []).map((h) => h.key));
      const pushRow = (cols: unknown[][], row: unknown[]) => {
        row.forEach((v, i) => {
          (cols[i] as unknown[]).push(v);
        });
      };
      const transfer = (t: BulkTransfer) => {
        checkKey(t.key);
        checkKey(t.code, 'code');
        positive(t.units);
        same(t.debit);
        same(t.credit);
        if (t.debit.id === t.credit.id) throw new LedgerMisuseError('debit and credit are the same account');
        if (t.debit.mode !== t.credit.mode) throw new LedgerMisuseError('a transfer cannot cross real and demo');
        // A hold's own transfer locks (available → locked); every other one may leave a locked
        // account only out of a named hold, and never enters one.
        const locking = t.code === LEDGER_CODES.hold && t.debit.kind === 'available' && t.credit.kind === 'locked';
        if (!locking && (Boolean(t.holdKey) !== (t.debit.kind === 'locked') || t.credit.kind === 'locked')) {
          throw new LedgerMisuseError('locked accounts move only through holds');
        }
        move(t.debit, -t.units);
        move(t.credit, t.units);
        pushRow(t.holdKey && !fresh.has(t.holdKey) ? heldCols : transferCols, [
          t.key,
          t.debit.id,
          t.credit.id,
          toLedger(t.units, cur.scale),
          t.code,
          t.holdKey ?? null,
          t.refType ?? null,
          t.refId ?? null,
          t.memo ?? null,
        ]);
      };
      for (const h of input.holds ?? []) {
        checkKey(h.key);
        checkKey(h.code, 'code');
        positive(h.units);
        const { available, locked } = h.user;
        same(available);
        same(locked);
        if (available.kind !== 'available' || locked.kind !== 'locked' || available.userId !== locked.userId) {
          throw new LedgerMisuseError('a hold needs the user’s available and locked accounts');
        }
        if (h.remaining < 0n || h.remaining > h.units)
          throw new LedgerMisuseError('a hold’s remaining is out of range');
        pushRow(holdCols, [
          h.key,
          available.userId,
          available.mode,
          toLedger(h.units, cur.scale),
          toLedger(h.remaining, cur.scale),
          h.remaining === 0n ? (h.endStatus ?? 'posted') : 'pending',
          h.code,
          h.refType ?? null,
          h.refId ?? null,
        ]);
        transfer({
          key: holdTransferKey(h.key),
          debit: available,
          credit: locked,
          units: h.units,
          code: LEDGER_CODES.hold,
          holdKey: h.key,
          refType: h.refType,
          refId: h.refId,
        });
      }
      for (const t of input.transfers ?? []) transfer(t);
      const changes = input.holdChanges ?? [];
      for (const c of changes) {
        checkKey(c.holdKey);
        positive(c.units);
      }
      const nTransfers = (transferCols[0] as unknown[]).length;
      const nHeld = (heldCols[0] as unknown[]).length;
      if (nTransfers === 0 && nHeld === 0 && changes.length === 0) {
        return { parts: [], check: () => undefined, expect: {}, changes: new Map() };
      }
      const p = input.prefix;
      const parts: BundlePart[] = [
        (holdCols[0] as unknown[]).length > 0
          ? { name: `${p}_holds`, text: holdsText, values: [cur.code, at, ...holdCols] }
          : { name: `${p}_holds`, text: noHoldsText, values: [] },
      ];
      const expect: Record<string, number> = {};
      if (changes.length > 0) {
        parts.push({
          name: `${p}_hold_changes`,
          behind: true,
          text: holdChangesText,
          values: [
            at,
            changes.map((c) => c.holdKey),
            changes.map((c) => toLedger(c.units, cur.scale)),
            changes.map((c) => c.endStatus),
          ],
        });
        expect[`${p}_hold_changes`] = changes.length;
      }
      if (nTransfers > 0) {
        parts.push({
          name: `${p}_transfers`,
          text: transfersText(`${p}_holds`),
          values: [cur.code, at, ...transferCols],
        });
        expect[`${p}_transfers`] = nTransfers;
      }
      if (nHeld > 0) {
        parts.push({
          name: `${p}_held_transfers`,
          behind: true,
          text: heldTransfersText,
          values: [cur.code, at, ...heldCols],
        });
        expect[`${p}_held_transfers`] = nHeld;
      }
      const moved = [...deltas.values()].filter((d) => d.units !== 0n).sort((a, b) => a.meta.id - b.meta.id);
      if (moved.length > 0) {
        parts.push({
          name: `${p}_balances`,
          behind: true,
          text: balancesText,
          values: [moved.map((d) => d.meta.id), moved.map((d) => toLedger(d.units, cur.scale))],
        });
        expect[`${p}_balances`] = moved.length;
      }
      return {
        parts,
        expect,
        changes: new Map(moved.map((d) => [d.meta.id, d.units])),
        check(counts) {
          for (const [name, n] of Object.entries(expect)) {
            if (counts[name] !== n) throw new Error(`ledger: bulk part ${name} wrote ${counts[name]} of ${n}`);
          }
        },
      };
    },
  };
}

export type LedgerBulk = ReturnType<typeof createLedgerBulk>;
