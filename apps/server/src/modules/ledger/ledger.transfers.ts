/**
 * Transfers: `move`, the one place balances change (idempotent key first, then the conditional
 * debit), and the calls built directly on it: `transfer`, `getTransfer` and the one-time demo
 * funding.
 */
import { fromLedger, LEDGER_SCALE, toLedger, toScale } from '@openbourse/money';
import type { Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import { QUOTE_CURRENCY } from './ledger.currencies.ts';
import { insufficientBalance, LedgerMisuseError, ledgerConflict } from './ledger.errors.ts';
import { atomically, checkKey, checkUserId, demoFundKey, fmt, LEDGER_CODES, parseAmount } from './ledger.helpers.ts';
import * as repo from './ledger.repository.ts';
import type { AccountRow, CurrencyRow, TransferRow } from './ledger.repository.ts';
import type { Transfer, TransferInput, TransferResult } from './ledger.types.ts';

/** What a move writes: resolved accounts, units at the currency's scale. */
export interface Move {
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

export function toTransfer(row: TransferRow, scale: number): Transfer {
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

export type LedgerTransfers = ReturnType<typeof createLedgerTransfers>;

export function createLedgerTransfers({ clock, accounts }: { clock: Clock; accounts: LedgerAccounts }) {
  const { accountRow, resolvePair, currencyRow } = accounts;

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

  return {
    move,

    /**
     * Moves `amount` from debit to credit. Idempotent by key: the same content replays the first
     * transfer (replayed: true, no money moves); other content → 40900. A non-negative account that
     * would go below zero → 10092 and nothing is written. Bad amount or currency → 40001.
     */
    async transfer(exec: Executor, input: TransferInput): Promise<TransferResult> {
      checkKey(input.key);
      const cur = await currencyRow(exec, input.currency);
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
      return toTransfer(row, (await currencyRow(exec, row.currency)).scale);
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
        const { scale } = await currencyRow(exec, previous.currency);
        return { ...toTransfer(previous, scale), replayed: true };
      }
      const cur = await currencyRow(exec, currency);
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
  };
}
