import { and, asc, eq, inArray, isNull, ne, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { currencies, ledgerAccounts, ledgerHolds, ledgerTransfers } from './ledger.tables.ts';

/**
 * The ledger's SQL, Drizzle only. Every function takes the executor (database or open transaction)
 * so the service decides what commits together. Amounts go in as decimal strings and come back as
 * PostgreSQL prints numeric(38,18); nothing here does arithmetic in JS.
 */

export type CurrencyRow = typeof currencies.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type NewTransferRow = typeof ledgerTransfers.$inferInsert;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type NewHoldRow = typeof ledgerHolds.$inferInsert;

// ─── currencies ────────────────────────────────────────────────────────────────────────────────

export async function insertCurrencies(exec: Executor, rows: CurrencyRow[]): Promise<void> {
  if (rows.length === 0) return;
  // A seeded currency is never rewritten: changing the scale of a currency with balances would
  // reinterpret every amount.
  await exec.insert(currencies).values(rows).onConflictDoNothing({ target: currencies.code });
}

export async function findCurrency(exec: Executor, code: string): Promise<CurrencyRow | undefined> {
  const [row] = await exec.select().from(currencies).where(eq(currencies.code, code));
  return row;
}

export async function listCurrencies(exec: Executor): Promise<CurrencyRow[]> {
  return exec.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code));
}

// ─── accounts ──────────────────────────────────────────────────────────────────────────────────

export async function findAccountById(exec: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await exec.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

export async function findAccount(
  exec: Executor,
  key: { userId: number | null; mode: string; currency: string; kind: string; shard?: number },
): Promise<AccountRow | undefined> {
  const [row] = await exec
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        key.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, key.userId),
        eq(ledgerAccounts.mode, key.mode),
        eq(ledgerAccounts.currency, key.currency),
        eq(ledgerAccounts.kind, key.kind),
        eq(ledgerAccounts.shard, key.shard ?? 0),
      ),
    );
  return row;
}

/** The sum of a platform account's shards (numeric(38,18) as PostgreSQL prints it). */
export async function platformTotal(
  exec: Executor,
  key: { mode: string; currency: string; kind: string },
): Promise<string> {
  const [row] = await exec
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.userId),
        eq(ledgerAccounts.mode, key.mode),
        eq(ledgerAccounts.currency, key.currency),
        eq(ledgerAccounts.kind, key.kind),
      ),
    );
  return row?.total ?? '0';
}

/** Inserts unless the (user, mode, currency, kind) account exists; returns the row only if this call created it. */
export async function insertAccountIfAbsent(
  exec: Executor,
  row: {
    userId: number | null;
    mode: string;
    currency: string;
    kind: string;
    shard: number;
    nonNegative: boolean;
    createdAt: Date;
  },
): Promise<AccountRow | undefined> {
  // No conflict target: the two partial unique indexes (user / platform) both apply.
  const [created] = await exec.insert(ledgerAccounts).values(row).onConflictDoNothing().returning();
  return created;
}

export async function listUserAccounts(exec: Executor, userId: number, mode: string) {
  return exec
    .select({
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      name: currencies.name,
      scale: currencies.scale,
      sort: currencies.sort,
    })
    .from(ledgerAccounts)
    .innerJoin(currencies, eq(currencies.code, ledgerAccounts.currency))
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.mode, mode)))
    .orderBy(asc(currencies.sort), asc(ledgerAccounts.currency));
}

/**
 * Subtracts `amount` only if the account may go that low; one statement, so under PostgreSQL's row
 * lock the condition is re-checked against the latest committed balance (no lost update, no
 * overdraft). Returns false — and writes nothing — when refused.
 */
export async function debitAccount(exec: Executor, id: number, amount: string): Promise<boolean> {
  const rows = await exec
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} - ${amount}::numeric` })
    .where(
      and(
        eq(ledgerAccounts.id, id),
        sql`(not ${ledgerAccounts.nonNegative} or ${ledgerAccounts.balance} >= ${amount}::numeric)`,
      ),
    )
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

export async function creditAccount(exec: Executor, id: number, amount: string): Promise<void> {
  const rows = await exec
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${amount}::numeric` })
    .where(eq(ledgerAccounts.id, id))
    .returning({ id: ledgerAccounts.id });
  if (rows.length !== 1) throw new Error(`ledger account ${id} vanished`);
}

// ─── transfers ─────────────────────────────────────────────────────────────────────────────────

/** Inserts unless the key exists (waiting for a concurrent inserter of the same key to finish); returns the row only if this call created it. */
export async function insertTransferIfAbsent(exec: Executor, row: NewTransferRow): Promise<TransferRow | undefined> {
  const [created] = await exec
    .insert(ledgerTransfers)
    .values(row)
    .onConflictDoNothing({ target: ledgerTransfers.transferKey })
    .returning();
  return created;
}

export async function findTransferByKey(exec: Executor, key: string): Promise<TransferRow | undefined> {
  const [row] = await exec.select().from(ledgerTransfers).where(eq(ledgerTransfers.transferKey, key));
  return row;
}

export async function listAccountTransfers(exec: Executor, accountId: number, limit: number): Promise<TransferRow[]> {
  return exec
    .select()
    .from(ledgerTransfers)
    .where(or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId)))
    .orderBy(sql`${ledgerTransfers.id} desc`)
    .limit(limit);
}

// ─── holds ─────────────────────────────────────────────────────────────────────────────────────

export async function insertHoldIfAbsent(exec: Executor, row: NewHoldRow): Promise<HoldRow | undefined> {
  const [created] = await exec
    .insert(ledgerHolds)
    .values(row)
    .onConflictDoNothing({ target: ledgerHolds.holdKey })
    .returning();
  return created;
}

/** Finds a hold; `forUpdate` takes its row lock so posts and voids of one hold run one at a time. */
export async function findHold(
  exec: Executor,
  by: { id: number } | { key: string },
  forUpdate = false,
): Promise<HoldRow | undefined> {
  const where = 'id' in by ? eq(ledgerHolds.id, by.id) : eq(ledgerHolds.holdKey, by.key);
  const q = exec.select().from(ledgerHolds).where(where);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateHold(
  exec: Executor,
  id: number,
  set: { remaining: string; status: string; updatedAt: Date },
): Promise<HoldRow> {
  const [row] = await exec.update(ledgerHolds).set(set).where(eq(ledgerHolds.id, id)).returning();
  if (!row) throw new Error(`ledger hold ${id} vanished`);
  return row;
}

// ─── audit (trial balance) ─────────────────────────────────────────────────────────────────────

export async function totalsByModeAndCurrency(exec: Executor) {
  return exec
    .select({
      mode: ledgerAccounts.mode,
      currency: ledgerAccounts.currency,
      total: sql<string>`sum(${ledgerAccounts.balance})::text`,
      accounts: sql<number>`count(*)::int`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.mode, ledgerAccounts.currency)
    .orderBy(asc(ledgerAccounts.mode), asc(ledgerAccounts.currency));
}

/** Accounts whose balance is not credits − debits of their transfers. */
export async function accountMismatches(exec: Executor) {
  const t = ledgerTransfers;
  const credits = exec
    .select({ accountId: t.creditAccountId, sum: sql<string>`sum(${t.amount})`.as('credit_sum') })
    .from(t)
    .groupBy(t.creditAccountId)
    .as('credits');
  const debits = exec
    .select({ accountId: t.debitAccountId, sum: sql<string>`sum(${t.amount})`.as('debit_sum') })
    .from(t)
    .groupBy(t.debitAccountId)
    .as('debits');
  const expected = sql<string>`(coalesce(${credits.sum}, 0) - coalesce(${debits.sum}, 0))`;
  return exec
    .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance, expected: sql<string>`${expected}::text` })
    .from(ledgerAccounts)
    .leftJoin(credits, eq(credits.accountId, ledgerAccounts.id))
    .leftJoin(debits, eq(debits.accountId, ledgerAccounts.id))
    .where(sql`${ledgerAccounts.balance} <> ${expected}`)
    .orderBy(asc(ledgerAccounts.id));
}

export async function negativeAccounts(exec: Executor) {
  return exec
    .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.nonNegative, true), sql`${ledgerAccounts.balance} < 0`))
    .orderBy(asc(ledgerAccounts.id));
}

/** Transfers whose accounts disagree on mode or currency (each other's or the transfer's). */
export async function crossedTransfers(exec: Executor): Promise<number[]> {
  const d = alias(ledgerAccounts, 'd');
  const c = alias(ledgerAccounts, 'c');
  const t = ledgerTransfers;
  const rows = await exec
    .select({ id: t.id })
    .from(t)
    .innerJoin(d, eq(d.id, t.debitAccountId))
    .innerJoin(c, eq(c.id, t.creditAccountId))
    .where(or(ne(d.currency, t.currency), ne(c.currency, t.currency), ne(d.mode, c.mode)))
    .orderBy(asc(t.id));
  return rows.map((r) => r.id);
}

/** Locked balances that differ from the remaining amount of the user's holds in that mode and currency. */
export async function holdMismatches(exec: Executor) {
  const locked = exec
    .select({
      userId: ledgerAccounts.userId,
      mode: ledgerAccounts.mode,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'locked'))
    .as('locked');
  const held = exec
    .select({
      userId: ledgerHolds.userId,
      mode: ledgerHolds.mode,
      currency: ledgerHolds.currency,
      sum: sql<string>`sum(${ledgerHolds.remaining})`.as('held_sum'),
    })
    .from(ledgerHolds)
    .groupBy(ledgerHolds.userId, ledgerHolds.mode, ledgerHolds.currency)
    .as('held');
  const lockedAmount = sql`coalesce(${locked.balance}, 0)`;
  const heldAmount = sql`coalesce(${held.sum}, 0)`;
  return exec
    .select({
      userId: sql<string>`coalesce(${locked.userId}, ${held.userId})::text`,
      mode: sql<string>`coalesce(${locked.mode}, ${held.mode})`,
      currency: sql<string>`coalesce(${locked.currency}, ${held.currency})`,
      locked: sql<string>`${lockedAmount}::text`,
      held: sql<string>`${heldAmount}::text`,
    })
    .from(locked)
    .fullJoin(held, and(eq(locked.userId, held.userId), eq(locked.mode, held.mode), eq(locked.currency, held.currency)))
    .where(sql`${lockedAmount} <> ${heldAmount}`);
}

// ─── statements ────────────────────────────────────────────────────────────────────────────────

/** The ids, kinds and currencies of a user's accounts in one mode (optionally one currency). */
export async function userAccountIds(exec: Executor, userId: number, mode: string, currency?: string) {
  return exec
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.mode, mode),
        currency === undefined ? undefined : eq(ledgerAccounts.currency, currency),
      ),
    );
}

/**
 * Transfers touching any of `accountIds`, newest first, with the code of the hold a hold's own
 * transfer belongs to. Both sides are looked up through their (account, id) indexes.
 */
export async function transfersOfAccounts(
  exec: Executor,
  accountIds: readonly number[],
  limit: number,
  offset: number,
  opts: StatementFilter = {},
) {
  const ids = [...accountIds];
  const either = or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids));
  // What a row is for: a hold's own transfer carries the hold's code.
  const effective = sql`case when ${ledgerTransfers.code} = 'hold' then coalesce(${ledgerHolds.code}, ${ledgerTransfers.code}) else ${ledgerTransfers.code} end`;
  const touches = and(
    either,
    // Balance only: not a move between two of these accounts (net zero for their owner).
    opts.balanceOnly
      ? not(and(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids))!)
      : undefined,
    opts.codes
      ? sql`${effective} in (${sql.join(
          opts.codes.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : undefined,
    opts.notCodes
      ? sql`${effective} not in (${sql.join(
          opts.notCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : undefined,
    opts.from ? sql`${ledgerTransfers.createdAt} >= ${opts.from.toISOString()}::timestamptz` : undefined,
    opts.to ? sql`${ledgerTransfers.createdAt} < ${opts.to.toISOString()}::timestamptz` : undefined,
  );
  const rows = await exec
    .select({
      id: ledgerTransfers.id,
      debitAccountId: ledgerTransfers.debitAccountId,
      creditAccountId: ledgerTransfers.creditAccountId,
      currency: ledgerTransfers.currency,
      amount: ledgerTransfers.amount,
      code: ledgerTransfers.code,
      holdCode: ledgerHolds.code,
      refType: ledgerTransfers.refType,
      refId: ledgerTransfers.refId,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .leftJoin(ledgerHolds, eq(ledgerHolds.id, ledgerTransfers.holdId))
    .where(touches)
    .orderBy(sql`${ledgerTransfers.id} desc`)
    .limit(limit)
    .offset(offset);
  const [count] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .leftJoin(ledgerHolds, eq(ledgerHolds.id, ledgerTransfers.holdId))
    .where(touches);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Which of a user's movements a statement lists (all by default). */
export interface StatementFilter {
  /** Leave out moves between the user's own accounts (net zero for them). */
  balanceOnly?: boolean;
  /** Only these codes (a hold's transfer counts as its hold's code) … */
  codes?: readonly string[];
  /** … or all but these. */
  notCodes?: readonly string[];
  /** From this instant (inclusive) … */
  from?: Date;
  /** … to this one (exclusive). */
  to?: Date;
}
