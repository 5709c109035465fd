import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loanAgreements, loanProducts, loans } from './loans.tables.ts';

export type ProductRow = typeof loanProducts.$inferSelect;
export type NewProductRow = typeof loanProducts.$inferInsert;
export type LoanRow = typeof loans.$inferSelect;
export type NewLoanRow = typeof loans.$inferInsert;
export type AgreementRow = typeof loanAgreements.$inferSelect;
export type LoanStatus = 'pending' | 'rejected' | 'repaying' | 'repaid' | 'expired';

/** Loans that count against a product's maximum: applying, in repayment, or overdue. */
export const ACTIVE_STATUSES: readonly LoanStatus[] = ['pending', 'repaying', 'expired'];
/** Loans that owe money and accrue interest. */
export const OWING_STATUSES: readonly LoanStatus[] = ['repaying', 'expired'];

/** The loans module's SQL, Drizzle only; every function takes the executor. */
export const loansRepository = {
  // ─── products ──────────────────────────────────────────────────────────────────────────────

  async products(exec: Executor): Promise<ProductRow[]> {
    return exec.select().from(loanProducts).orderBy(asc(loanProducts.sort), asc(loanProducts.id));
  },

  async product(exec: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
    const q = exec.select().from(loanProducts).where(eq(loanProducts.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async productCount(exec: Executor): Promise<number> {
    const [n] = await exec.select({ n: count() }).from(loanProducts);
    return Number(n?.n ?? 0);
  },

  async insertProduct(exec: Executor, row: NewProductRow): Promise<ProductRow> {
    const [created] = await exec.insert(loanProducts).values(row).returning();
    if (!created) throw new Error('loans: product not inserted');
    return created;
  },

  async updateProduct(exec: Executor, id: number, row: Omit<NewProductRow, 'id'>): Promise<ProductRow | undefined> {
    const [updated] = await exec.update(loanProducts).set(row).where(eq(loanProducts.id, id)).returning();
    return updated;
  },

  // ─── loans ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Serialises one user's applications until the caller's transaction ends (a transaction-level
   * advisory lock): the pending and active loans are counted and the new one inserted with no
   * other application of theirs in between, however many race.
   */
  async lockUser(exec: Executor, userId: number): Promise<void> {
    await exec.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`loans:user:${userId}`}, 0))`);
  },

  /** How many of the user's loans are in each of `statuses`. */
  async countByStatus(exec: Executor, userId: number, statuses: readonly LoanStatus[]): Promise<Map<string, number>> {
    const rows = await exec
      .select({ status: loans.status, n: count() })
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.status, [...statuses])))
      .groupBy(loans.status);
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  },

  /** Inserts unless the random public id was drawn before (then undefined). */
  async insertLoan(exec: Executor, row: NewLoanRow): Promise<LoanRow | undefined> {
    const [created] = await exec.insert(loans).values(row).onConflictDoNothing().returning();
    return created;
  },

  async insertAgreement(exec: Executor, row: typeof loanAgreements.$inferInsert): Promise<void> {
    await exec.insert(loanAgreements).values(row);
  },

  async agreement(exec: Executor, loanId: number): Promise<AgreementRow | undefined> {
    const [row] = await exec.select().from(loanAgreements).where(eq(loanAgreements.loanId, loanId));
    return row;
  },

  /** One loan by its public id (of `userId` when given), locked until the transaction ends when `lock`. */
  async loanByPublicId(
    exec: Executor,
    publicId: number,
    opts: { userId?: number; lock?: boolean } = {},
  ): Promise<LoanRow | undefined> {
    const q = exec
      .select()
      .from(loans)
      .where(and(eq(loans.publicId, publicId), opts.userId === undefined ? undefined : eq(loans.userId, opts.userId)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  async loanById(exec: Executor, id: number, lock = false): Promise<LoanRow | undefined> {
    const q = exec.select().from(loans).where(eq(loans.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** A page of loans: a user's newest first; the review queue (no user) waiting ones first, oldest first. */
  async loans(
    exec: Executor,
    q: { userId?: number; status?: LoanStatus; page: number; size: number },
  ): Promise<{ rows: LoanRow[]; total: number }> {
    const where = and(
      q.userId === undefined ? undefined : eq(loans.userId, q.userId),
      q.status === undefined ? undefined : eq(loans.status, q.status),
    );
    const queue = q.userId === undefined;
    const rows = await exec
      .select()
      .from(loans)
      .where(where)
      .orderBy(
        ...(queue
          ? [
              sql`(${loans.status} = 'pending') desc`,
              sql`case when ${loans.status} = 'pending' then ${loans.id} else -${loans.id} end`,
            ]
          : [desc(loans.id)]),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(loans).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /**
   * Decides a waiting application: one conditional update, so of two reviewers only the first
   * changes it (the other gets undefined and is told).
   */
  async decide(
    exec: Executor,
    id: number,
    d:
      | { status: 'repaying'; by: number; at: Date; drawnAt: Date; dueAt: Date }
      | { status: 'rejected'; by: number; at: Date; reason: string },
  ): Promise<LoanRow | undefined> {
    const [row] = await exec
      .update(loans)
      .set(
        d.status === 'repaying'
          ? { status: d.status, decidedBy: d.by, decidedAt: d.at, drawnAt: d.drawnAt, dueAt: d.dueAt }
          : { status: d.status, decidedBy: d.by, decidedAt: d.at, reason: d.reason },
      )
      .where(and(eq(loans.id, id), eq(loans.status, 'pending')))
      .returning();
    return row;
  },

  /**
   * Ids of the loans that owe money (repaying or expired) with work at `now`: a day ended that is not
   * accounted for yet, or maturity passed while still repaying. Oldest first.
   */
  async dueIds(exec: Executor, now: Date): Promise<number[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await exec
      .select({ id: loans.id })
      .from(loans)
      .where(
        and(
          inArray(loans.status, [...OWING_STATUSES]),
          sql`(${loans.drawnAt} + (${loans.accruedDays} + 1) * interval '24 hours' <= ${at} or (${loans.status} = 'repaying' and ${loans.dueAt} <= ${at}))`,
        ),
      )
      .orderBy(asc(loans.id));
    return rows.map((r) => r.id);
  },

  async setAccrual(exec: Executor, id: number, accruedDays: number, interestAccrued: string): Promise<LoanRow> {
    const [row] = await exec.update(loans).set({ accruedDays, interestAccrued }).where(eq(loans.id, id)).returning();
    if (!row) throw new Error(`loans: loan ${id} vanished`);
    return row;
  },

  /** repaying → expired; undefined when it was not repaying. */
  async expire(exec: Executor, id: number): Promise<LoanRow | undefined> {
    const [row] = await exec
      .update(loans)
      .set({ status: 'expired' })
      .where(and(eq(loans.id, id), eq(loans.status, 'repaying')))
      .returning();
    return row;
  },

  /** repaying | expired → repaid; undefined when it was neither. */
  async repaid(exec: Executor, id: number, at: Date, amount: string): Promise<LoanRow | undefined> {
    const [row] = await exec
      .update(loans)
      .set({ status: 'repaid', repaidAt: at, repaidAmount: amount })
      .where(and(eq(loans.id, id), inArray(loans.status, [...OWING_STATUSES])))
      .returning();
    return row;
  },
};
