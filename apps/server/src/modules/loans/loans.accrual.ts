/**
 * A loan's money in the ledger (README "Ledger"): the principal paid out and owed, each ended day's
 * interest, the repayment. Every function runs in the caller's transaction, with the loan's row
 * locked, so the loan's state and its transfers commit together; every transfer is keyed by the
 * loan (and day), so nothing is ever paid or accrued twice.
 */
import { daysElapsed, formatDecimal, fromLedger } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_SHARDS } from '../ledger/ledger.types.ts';
import { type LoanRow, loansRepository as repo, OWING_STATUSES } from './loans.repository.ts';

/** Transfer codes (the transaction record shows loan_draw and loan_repay; the others move debt). */
export const LOAN_CODES = {
  /** platform loans → user available: the principal paid out. */
  draw: 'loan_draw',
  /** platform loan_receivable → user debt: the principal owed. */
  debt: 'loan_debt',
  /** platform loan_receivable → user debt: one day's interest owed. */
  interest: 'loan_interest',
  /** user available → platform loans: principal and interest repaid. */
  repay: 'loan_repay',
  /** user debt → platform loan_receivable: the debt cleared. */
  settle: 'loan_settle',
} as const;

export const loanKeys = {
  draw: (id: number) => `loan:${id}:draw`,
  debt: (id: number) => `loan:${id}:draw:debt`,
  day: (id: number, k: number) => `loan:${id}:day:${k}`,
  repay: (id: number) => `loan:${id}:repay`,
  settle: (id: number) => `loan:${id}:repay:debt`,
};

const REF = 'loan';
const REAL = 'real' as const;

/**
 * The platform's side of a loan's postings: one shard of `loans` / `loan_receivable` chosen by the
 * loan, so postings of different loans (the hourly accrual, approvals, repayments) do not queue on
 * one row. The platform's figure is the sum of the shards (ledger `platformBalance`).
 */
const platform = (kind: 'loans' | 'loan_receivable', row: LoanRow) => ({
  platform: kind,
  mode: REAL,
  shard: row.id % PLATFORM_SHARDS,
});

export function createLoanLedger({ ledger }: { ledger: LedgerService }) {
  async function scaleOf(exec: Executor, currency: string): Promise<number> {
    const cur = await ledger.getCurrency(exec, currency);
    if (!cur) throw new Error(`loans: unknown currency ${currency}`);
    return cur.scale;
  }

  const ref = (row: LoanRow) => ({ refType: REF, refId: String(row.publicId) });

  return {
    scaleOf,

    /** Pays the principal out and records it owed (approval). */
    async draw(tx: Executor, row: LoanRow): Promise<void> {
      const scale = await scaleOf(tx, row.currency);
      const amount = formatDecimal(fromLedger(row.principal, scale), scale);
      await ledger.transfer(tx, {
        key: loanKeys.draw(row.id),
        debit: platform('loans', row),
        credit: { userId: row.userId, mode: REAL },
        currency: row.currency,
        amount,
        code: LOAN_CODES.draw,
        ...ref(row),
      });
      await ledger.transfer(tx, {
        key: loanKeys.debt(row.id),
        debit: platform('loan_receivable', row),
        credit: { userId: row.userId, mode: REAL, kind: 'debt' },
        currency: row.currency,
        amount,
        code: LOAN_CODES.debt,
        ...ref(row),
      });
    },

    /**
     * Posts every day ended by `now` and not yet posted: day k ends at drawnAt + k days; days
     * 1 … freeDays carry nothing, each later one `dailyInterest` (one transfer keyed by the day).
     * Moves `accrued_days` (days accounted for) and `interest_accrued` with them. The row must be
     * locked by the caller.
     */
    async catchUp(tx: Executor, row: LoanRow, now: Date): Promise<LoanRow> {
      if (!OWING_STATUSES.includes(row.status as never) || !row.drawnAt) return row;
      const days = daysElapsed(row.drawnAt.getTime(), now.getTime());
      if (days <= row.accruedDays) return row;
      const scale = await scaleOf(tx, row.currency);
      const daily = fromLedger(row.dailyInterest, scale);
      let interest = fromLedger(row.interestAccrued, scale);
      for (let k = row.accruedDays + 1; k <= days; k++) {
        if (k <= row.freeDays || daily <= 0n) continue;
        await ledger.transfer(tx, {
          key: loanKeys.day(row.id, k),
          debit: platform('loan_receivable', row),
          credit: { userId: row.userId, mode: REAL, kind: 'debt' },
          currency: row.currency,
          amount: formatDecimal(daily, scale),
          code: LOAN_CODES.interest,
          memo: `day ${k}`,
          ...ref(row),
        });
        interest += daily;
      }
      return repo.setAccrual(tx, row.id, days, formatDecimal(interest, scale));
    },

    /**
     * Takes principal + interest accrued from the user's available balance (10092 from the ledger
     * when it is short) and clears the debt. Returns the amount repaid.
     */
    async repay(tx: Executor, row: LoanRow): Promise<string> {
      const scale = await scaleOf(tx, row.currency);
      const owed = formatDecimal(fromLedger(row.principal, scale) + fromLedger(row.interestAccrued, scale), scale);
      await ledger.transfer(tx, {
        key: loanKeys.repay(row.id),
        debit: { userId: row.userId, mode: REAL },
        credit: platform('loans', row),
        currency: row.currency,
        amount: owed,
        code: LOAN_CODES.repay,
        ...ref(row),
      });
      await ledger.transfer(tx, {
        key: loanKeys.settle(row.id),
        debit: { userId: row.userId, mode: REAL, kind: 'debt' },
        credit: platform('loan_receivable', row),
        currency: row.currency,
        amount: owed,
        code: LOAN_CODES.settle,
        ...ref(row),
      });
      return owed;
    },
  };
}

export type LoanLedger = ReturnType<typeof createLoanLedger>;
