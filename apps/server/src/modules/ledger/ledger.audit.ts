/**
 * The audit (`trialBalance`): the ledger's invariants recomputed from the stored journal, so a test
 * or an operator can check that nothing disagrees with double entry.
 */
import { fromLedger } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import * as repo from './ledger.repository.ts';
import type { Mode, TrialBalance } from './ledger.types.ts';

/**
 * The audit: per (mode, currency) the sum of all balances (zero by double entry), and every
 * account, hold and transfer that disagrees with the journal. `ok` when all of it is clean.
 */
export async function trialBalance(exec: Executor): Promise<TrialBalance> {
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
}
