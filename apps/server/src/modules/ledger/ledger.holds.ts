/**
 * Two-phase holds: `hold` (available → locked, pending), `postHold` (locked → destination, partial
 * allowed), `voidHold` (what remains → available) and `getHold`. Posts and voids lock the hold row.
 */
import { fromLedger, LEDGER_SCALE, toLedger, toScale } from '@openbourse/money';
import type { Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type LedgerAccounts, lookupAccount } from './ledger.accounts.ts';
import { holdNotFound, invalidAmount, LedgerMisuseError, ledgerConflict } from './ledger.errors.ts';
import {
  atomically,
  checkKey,
  checkMode,
  checkUserId,
  fmt,
  holdTransferKey,
  LEDGER_CODES,
  parseAmount,
} from './ledger.helpers.ts';
import * as repo from './ledger.repository.ts';
import type { AccountRow, CurrencyRow, HoldRow } from './ledger.repository.ts';
import { type LedgerTransfers, toTransfer } from './ledger.transfers.ts';
import type { Hold, HoldInput, HoldResult, HoldSelector, Mode, PostHoldInput, VoidHoldInput } from './ledger.types.ts';

export function toHold(row: HoldRow, scale: number): Hold {
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

export function createLedgerHolds({
  clock,
  accounts,
  transfers,
}: {
  clock: Clock;
  accounts: LedgerAccounts;
  transfers: LedgerTransfers;
}) {
  const { accountRow, resolveAccount, currencyRow } = accounts;
  const { move } = transfers;

  /** The hold, row-locked so that posts and voids of one hold are serialised. */
  async function lockHold(tx: Tx, sel: HoldSelector): Promise<{ row: HoldRow; currency: CurrencyRow }> {
    const row = await repo.findHold(tx, selectorOf(sel), true);
    if (!row) throw holdNotFound();
    return { row, currency: await currencyRow(tx, row.currency) };
  }

  return {
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
      const cur = await currencyRow(exec, input.currency);
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
      return toHold(row, (await currencyRow(exec, row.currency)).scale);
    },
  };
}
