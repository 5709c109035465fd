/**
 * Read models over the journal: the statement of one account and a user's statement in one mode
 * (the signed change of available and locked per transfer).
 */
import { formatDecimal, fromLedger } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import { checkMode, LEDGER_CODES, requireCurrency } from './ledger.helpers.ts';
import * as repo from './ledger.repository.ts';
import { toTransfer } from './ledger.transfers.ts';
import {
  MONEY_ACCOUNT_KINDS,
  type Mode,
  type StatementEntry,
  type Transfer,
  type UserAccountKind,
} from './ledger.types.ts';

/** Newest first: the statement of one account. */
export async function accountTransfers(exec: Executor, accountId: number, limit = 100): Promise<Transfer[]> {
  const account = await repo.findAccountById(exec, accountId);
  if (!account) return [];
  const { scale } = await requireCurrency(exec, account.currency);
  return (await repo.listAccountTransfers(exec, accountId, limit)).map((r) => toTransfer(r, scale));
}

/**
 * The user's statement in one mode: every transfer touching their available or locked
 * accounts, newest first, with the signed change of each side. A hold's own transfer carries
 * the hold's code (what it was held for); `amount` is the change of available + locked.
 */
export async function statement(
  exec: Executor,
  userId: number,
  mode: Mode,
  opts: { currency?: string; page: number; size: number } & repo.StatementFilter,
): Promise<{ entries: StatementEntry[]; total: number }> {
  checkMode(mode);
  // The user's money only: what they owe on loans (debt) is theirs to see in the loan's record.
  const accounts = (await repo.userAccountIds(exec, userId, mode, opts.currency)).filter((a) =>
    MONEY_ACCOUNT_KINDS.includes(a.kind as UserAccountKind),
  );
  if (accounts.length === 0) return { entries: [], total: 0 };
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const { rows, total } = await repo.transfersOfAccounts(
    exec,
    accounts.map((a) => a.id),
    opts.size,
    (opts.page - 1) * opts.size,
    {
      balanceOnly: opts.balanceOnly ?? false,
      ...(opts.codes ? { codes: opts.codes } : {}),
      ...(opts.notCodes ? { notCodes: opts.notCodes } : {}),
      ...(opts.from ? { from: opts.from } : {}),
      ...(opts.to ? { to: opts.to } : {}),
    },
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
}
