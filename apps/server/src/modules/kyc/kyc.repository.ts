/** The kyc_applications table: Drizzle only; every function takes the executor. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { kycApplications } from './kyc.tables.ts';

export type KycApplicationRow = typeof kycApplications.$inferSelect;
export type NewKycApplication = typeof kycApplications.$inferInsert;
export type KycApplicationStatus = 'pending' | 'verified' | 'failed';

/** The partial unique index that keeps one waiting application per user. */
export const ONE_PENDING_INDEX = 'kyc_applications_one_pending';

export const kycRepository = {
  async insert(exec: Executor, values: NewKycApplication): Promise<KycApplicationRow> {
    const [row] = await exec.insert(kycApplications).values(values).returning();
    if (!row) throw new Error('kyc: the application was not inserted');
    return row;
  },

  /** The user's newest application, or undefined when they never submitted one. */
  async latest(exec: Executor, userId: number): Promise<KycApplicationRow | undefined> {
    const [row] = await exec
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.userId, userId))
      .orderBy(desc(kycApplications.id))
      .limit(1);
    return row;
  },

  async byId(exec: Executor, id: number, lock = false): Promise<KycApplicationRow | undefined> {
    const q = exec.select().from(kycApplications).where(eq(kycApplications.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /**
   * The review queue: waiting ones first, oldest first, then the decided ones, newest first
   * (one status when asked).
   */
  async page(
    exec: Executor,
    q: { status?: KycApplicationStatus | undefined; page: number; size: number },
  ): Promise<{ rows: KycApplicationRow[]; total: number }> {
    const where = q.status === undefined ? undefined : eq(kycApplications.status, q.status);
    const rows = await exec
      .select()
      .from(kycApplications)
      .where(where)
      .orderBy(
        sql`(${kycApplications.status} = 'pending') desc`,
        sql`case when ${kycApplications.status} = 'pending' then ${kycApplications.id} else -${kycApplications.id} end`,
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await exec.select({ n: count() }).from(kycApplications).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /**
   * Decides a waiting application: one conditional update, so of two reviewers only the first
   * changes it (the other gets undefined and is told).
   */
  async decide(
    exec: Executor,
    id: number,
    d: { status: 'verified' | 'failed'; reason: string | null; by: number; at: Date },
  ): Promise<KycApplicationRow | undefined> {
    const [row] = await exec
      .update(kycApplications)
      .set({ status: d.status, reason: d.reason, decidedBy: d.by, decidedAt: d.at })
      .where(and(eq(kycApplications.id, id), eq(kycApplications.status, 'pending')))
      .returning();
    return row;
  },
};
