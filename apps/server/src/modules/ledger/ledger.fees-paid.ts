/**
 * What users paid the platform in fees: the sum of the transfers from each user's accounts to the
 * platform's `fees` account (every shard) in one mode and currency, optionally within [from, to).
 * A withdrawal's fee is not a trading fee and is left out. Read by the invites module (rewards on
 * an invitee's fees, and whether an invitee has traded).
 */
import { and, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from './ledger.tables.ts';

const NOT_TRADING = 'withdrawal_fee';

export async function feesPaid(
  exec: Executor,
  q: { userIds: readonly number[]; mode: 'real' | 'demo'; currency: string; from?: Date; to?: Date },
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (q.userIds.length === 0) return out;
  const payer = alias(ledgerAccounts, 'payer');
  const fees = alias(ledgerAccounts, 'fees');
  const where: SQL[] = [
    inArray(payer.userId, [...q.userIds]),
    eq(payer.mode, q.mode),
    isNull(fees.userId),
    eq(fees.kind, 'fees'),
    eq(ledgerTransfers.currency, q.currency),
    ne(ledgerTransfers.code, NOT_TRADING),
  ];
  if (q.from) where.push(gte(ledgerTransfers.createdAt, q.from));
  if (q.to) where.push(lt(ledgerTransfers.createdAt, q.to));
  const rows = await exec
    .select({ userId: payer.userId, total: sql<string>`sum(${ledgerTransfers.amount})::text` })
    .from(ledgerTransfers)
    .innerJoin(payer, eq(payer.id, ledgerTransfers.debitAccountId))
    .innerJoin(fees, eq(fees.id, ledgerTransfers.creditAccountId))
    .where(and(...where))
    .groupBy(payer.userId);
  for (const r of rows) if (r.userId !== null) out.set(Number(r.userId), r.total);
  return out;
}
