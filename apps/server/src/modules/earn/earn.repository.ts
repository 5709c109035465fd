import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smartPlans, smartProducts } from './earn.tables.ts';

export type ProductRow = typeof smartProducts.$inferSelect;
export type NewProductRow = typeof smartProducts.$inferInsert;
export type PlanRow = typeof smartPlans.$inferSelect;
export type NewPlanRow = typeof smartPlans.$inferInsert;
export type PlanStatus = 'earning' | 'shared' | 'exited';

/** Per product: its earning plans and the yields still to pay on them (in ledger numeric text). */
export interface ProductLoad {
  productId: number;
  earning: number;
  reserved: string;
}

/** Per currency: the earn treasury's view of its plans. */
export interface CurrencyLoad {
  currency: string;
  earningPlans: number;
  principalHeld: string;
  paidToday: string;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The earn module's SQL, Drizzle only; every function takes the executor. */
export const earnRepository = {
  // ─── products ──────────────────────────────────────────────────────────────────────────────

  async products(exec: Executor): Promise<ProductRow[]> {
    return exec.select().from(smartProducts).orderBy(asc(smartProducts.sort), asc(smartProducts.id));
  },

  async product(exec: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
    const q = exec.select().from(smartProducts).where(eq(smartProducts.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async productCount(exec: Executor): Promise<number> {
    const [n] = await exec.select({ n: count() }).from(smartProducts);
    return Number(n?.n ?? 0);
  },

  async insertProduct(exec: Executor, row: NewProductRow): Promise<ProductRow> {
    const [created] = await exec.insert(smartProducts).values(row).returning();
    if (!created) throw new Error('earn: product not inserted');
    return created;
  },

  async updateProduct(exec: Executor, id: number, row: Omit<NewProductRow, 'id'>): Promise<ProductRow | undefined> {
    const [updated] = await exec.update(smartProducts).set(row).where(eq(smartProducts.id, id)).returning();
    return updated;
  },

  // ─── locks ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Serialises one user's purchases until the caller's transaction ends (a transaction-level
   * advisory lock): the earning plans are counted and the new one inserted with no other purchase
   * of theirs in between, however many race.
   */
  async lockUser(exec: Executor, userId: number): Promise<void> {
    await exec.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`earn:user:${userId}`}, 0))`);
  },

  /**
   * Serialises the reservations from one currency's earn treasury until the caller's transaction
   * ends: its balance is read and the plan's yield moved out with no other reservation in between,
   * so the treasury is never reserved beyond what it holds. (Only reservations take money out of
   * it; funding, penalties and released yields only add, and need no lock.)
   */
  async lockTreasury(exec: Executor, currency: string): Promise<void> {
    await exec.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`earn:treasury:${currency}`}, 0))`);
  },

  // ─── plans ─────────────────────────────────────────────────────────────────────────────────

  /** The user's earning plans of a product. */
  async countEarning(exec: Executor, userId: number, productId: number): Promise<number> {
    const [n] = await exec
      .select({ n: count() })
      .from(smartPlans)
      .where(and(eq(smartPlans.userId, userId), eq(smartPlans.productId, productId), eq(smartPlans.status, 'earning')));
    return Number(n?.n ?? 0);
  },

  /** Inserts unless the random public id was drawn before (then undefined). */
  async insertPlan(exec: Executor, row: NewPlanRow): Promise<PlanRow | undefined> {
    const [created] = await exec.insert(smartPlans).values(row).onConflictDoNothing().returning();
    return created;
  },

  /** One plan by its public id (of `userId` when given), locked until the transaction ends when `lock`. */
  async planByPublicId(
    exec: Executor,
    publicId: number,
    opts: { userId?: number; lock?: boolean } = {},
  ): Promise<PlanRow | undefined> {
    const q = exec
      .select()
      .from(smartPlans)
      .where(
        and(
          eq(smartPlans.publicId, publicId),
          opts.userId === undefined ? undefined : eq(smartPlans.userId, opts.userId),
        ),
      );
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  async planById(exec: Executor, id: number, lock = false): Promise<PlanRow | undefined> {
    const q = exec.select().from(smartPlans).where(eq(smartPlans.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** A page of a user's plans, newest first. */
  async plans(
    exec: Executor,
    q: { userId: number; status?: PlanStatus; page: number; size: number },
  ): Promise<{ rows: PlanRow[]; total: number }> {
    const where = and(
      eq(smartPlans.userId, q.userId),
      q.status === undefined ? undefined : eq(smartPlans.status, q.status),
    );
    const rows = await exec
      .select()
      .from(smartPlans)
      .where(where)
      .orderBy(desc(smartPlans.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(smartPlans).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Ids of the earning plans with a payout due by `now` (index smart_plans_due), oldest first. */
  async dueIds(exec: Executor, now: Date): Promise<number[]> {
    const rows = await exec
      .select({ id: smartPlans.id })
      .from(smartPlans)
      .where(and(eq(smartPlans.status, 'earning'), sql`${smartPlans.nextPayoutAt} <= ${at(now)}`))
      .orderBy(asc(smartPlans.id));
    return rows.map((r) => r.id);
  },

  /** Moves the payout cursor (still earning). */
  async setPaid(exec: Executor, id: number, paidDays: number, income: string, nextPayoutAt: Date): Promise<PlanRow> {
    const [row] = await exec
      .update(smartPlans)
      .set({ paidDays, income, nextPayoutAt })
      .where(and(eq(smartPlans.id, id), eq(smartPlans.status, 'earning')))
      .returning();
    if (!row) throw new Error(`earn: plan ${id} is not earning`);
    return row;
  },

  /** earning → shared with the last day paid and the principal returned; undefined when not earning. */
  async share(
    exec: Executor,
    id: number,
    d: { paidDays: number; income: string; at: Date; returned: string },
  ): Promise<PlanRow | undefined> {
    const [row] = await exec
      .update(smartPlans)
      .set({
        status: 'shared',
        paidDays: d.paidDays,
        income: d.income,
        nextPayoutAt: null,
        endedAt: d.at,
        returned: d.returned,
      })
      .where(and(eq(smartPlans.id, id), eq(smartPlans.status, 'earning')))
      .returning();
    return row;
  },

  /** earning → exited; undefined when not earning. */
  async exit(
    exec: Executor,
    id: number,
    d: { at: Date; exitCost: string; returned: string },
  ): Promise<PlanRow | undefined> {
    const [row] = await exec
      .update(smartPlans)
      .set({ status: 'exited', nextPayoutAt: null, endedAt: d.at, exitCost: d.exitCost, returned: d.returned })
      .where(and(eq(smartPlans.id, id), eq(smartPlans.status, 'earning')))
      .returning();
    return row;
  },

  // ─── figures ───────────────────────────────────────────────────────────────────────────────

  /** Per product: earning plans and the yields still to pay on them. */
  async productLoads(exec: Executor): Promise<ProductLoad[]> {
    const rows = await exec
      .select({
        productId: smartPlans.productId,
        earning: count(),
        reserved: sql<string>`coalesce(sum((${smartPlans.days} - ${smartPlans.paidDays}) * ${smartPlans.dailyIncome}), 0)::text`,
      })
      .from(smartPlans)
      .where(eq(smartPlans.status, 'earning'))
      .groupBy(smartPlans.productId);
    return rows.map((r) => ({ productId: r.productId, earning: Number(r.earning), reserved: r.reserved }));
  },

  /**
   * Per currency: earning plans, the principal they hold, and the yields paid for days whose payout
   * time fell at or after `since` (every plan, ended ones too). Day k of a plan is paid at
   * started_at + k × 24 h; the days before `since` are those with k < (since − started_at) / 24 h.
   */
  async currencyLoads(exec: Executor, since: Date): Promise<CurrencyLoad[]> {
    const before = sql`greatest(0, ceil(extract(epoch from (${at(since)} - ${smartPlans.startedAt})) / 86400) - 1)`;
    const rows = await exec
      .select({
        currency: smartPlans.currency,
        earningPlans: sql<number>`count(*) filter (where ${smartPlans.status} = 'earning')`,
        principalHeld: sql<string>`coalesce(sum(${smartPlans.principal}) filter (where ${smartPlans.status} = 'earning'), 0)::text`,
        paidToday: sql<string>`coalesce(sum(greatest(0, ${smartPlans.paidDays} - ${before}) * ${smartPlans.dailyIncome}), 0)::text`,
      })
      .from(smartPlans)
      .groupBy(smartPlans.currency);
    return rows.map((r) => ({ ...r, earningPlans: Number(r.earningPlans) }));
  },
};
