import { and, desc, eq, gte, inArray, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminAccounts, adminAudit, adminSessions } from './admin.tables.ts';

export type AdminRow = typeof adminAccounts.$inferSelect;
export type AdminSessionRow = typeof adminSessions.$inferSelect;
export type AuditRow = typeof adminAudit.$inferSelect;
export type NewAudit = typeof adminAudit.$inferInsert;

export interface AuditFilter {
  adminId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows with a smaller id (the next page). */
  beforeId?: number | undefined;
  limit: number;
}

/** Who acts: an admin's id and role, and the request's address and user agent. */
export interface AuditActor {
  admin: { id: number; role: string };
  meta: { ip: string | null; userAgent: string | null };
}

export const adminRepository = {
  async count(exec: Executor): Promise<number> {
    const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(adminAccounts);
    return row?.n ?? 0;
  },

  async byEmail(exec: Executor, email: string): Promise<AdminRow | null> {
    const [row] = await exec.select().from(adminAccounts).where(eq(adminAccounts.email, email));
    return row ?? null;
  },

  async byId(exec: Executor, id: number, lock = false): Promise<AdminRow | null> {
    const q = exec.select().from(adminAccounts).where(eq(adminAccounts.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  /** How many active owners besides `exceptId`, their rows locked until the transaction ends. */
  async lockOtherActiveOwners(exec: Executor, exceptId: number): Promise<number> {
    const rows = await exec
      .select({ id: adminAccounts.id })
      .from(adminAccounts)
      .where(
        and(
          eq(adminAccounts.role, 'owner'),
          eq(adminAccounts.status, 'active'),
          sql`${adminAccounts.id} <> ${exceptId}`,
        ),
      )
      .for('update');
    return rows.length;
  },

  /** Admins' emails by id (for the names beside their decisions). */
  async emails(exec: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await exec
      .select({ id: adminAccounts.id, email: adminAccounts.email })
      .from(adminAccounts)
      .where(inArray(adminAccounts.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.email]));
  },

  async list(exec: Executor): Promise<AdminRow[]> {
    return exec.select().from(adminAccounts).orderBy(adminAccounts.id);
  },

  /** Inserts unless the address is taken (null then). */
  async insert(exec: Executor, row: typeof adminAccounts.$inferInsert): Promise<AdminRow | null> {
    const [inserted] = await exec.insert(adminAccounts).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  },

  async update(exec: Executor, id: number, set: Partial<typeof adminAccounts.$inferInsert>): Promise<AdminRow> {
    const [row] = await exec.update(adminAccounts).set(set).where(eq(adminAccounts.id, id)).returning();
    if (!row) throw new Error(`admin ${id} vanished`);
    return row;
  },

  /**
   * Accepts a TOTP step once: in one statement, only if it is later than the last accepted one (two
   * sign-ins racing with one code: one wins).
   */
  async takeTotpStep(exec: Executor, id: number, step: number): Promise<boolean> {
    const rows = await exec
      .update(adminAccounts)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminAccounts.id, id),
          sql`(${adminAccounts.totpLastStep} is null or ${adminAccounts.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: adminAccounts.id });
    return rows.length === 1;
  },

  /** The accounts whose TOTP secret is not sealed (`v2.`): kept in plain text by an older version. */
  async unsealedTotpSecrets(exec: Executor): Promise<{ id: number; totpSecret: string }[]> {
    const rows = await exec
      .select({ id: adminAccounts.id, totpSecret: adminAccounts.totpSecret })
      .from(adminAccounts)
      .where(sql`${adminAccounts.totpSecret} is not null and ${adminAccounts.totpSecret} not like 'v2.%'`)
      .orderBy(adminAccounts.id);
    return rows.filter((r): r is { id: number; totpSecret: string } => r.totpSecret !== null);
  },

  /** Replaces an account's TOTP secret only while it is still `from` (one statement): false when it was not. */
  async replaceTotpSecret(exec: Executor, id: number, from: string, to: string): Promise<boolean> {
    const rows = await exec
      .update(adminAccounts)
      .set({ totpSecret: to })
      .where(and(eq(adminAccounts.id, id), eq(adminAccounts.totpSecret, from)))
      .returning({ id: adminAccounts.id });
    return rows.length === 1;
  },

  async insertSession(exec: Executor, row: typeof adminSessions.$inferInsert): Promise<AdminSessionRow> {
    const [inserted] = await exec.insert(adminSessions).values(row).returning();
    return inserted!;
  },

  /** A live session and its admin, by token hash. */
  async liveSession(exec: Executor, tokenHash: string, now: Date) {
    const [row] = await exec
      .select({ session: adminSessions, admin: adminAccounts })
      .from(adminSessions)
      .innerJoin(adminAccounts, eq(adminAccounts.id, adminSessions.adminId))
      .where(
        and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt), gte(adminSessions.expiresAt, now)),
      );
    return row ?? null;
  },

  async setSessionScope(exec: Executor, sessionId: number, scope: string) {
    await exec.update(adminSessions).set({ scope }).where(eq(adminSessions.id, sessionId));
  },

  async revokeSession(exec: Executor, sessionId: number, now: Date) {
    await exec
      .update(adminSessions)
      .set({ revokedAt: now })
      .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
  },

  /** Revokes every live session of an admin; answers how many. */
  async revokeAll(exec: Executor, adminId: number, now: Date): Promise<number> {
    const rows = await exec
      .update(adminSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt), gte(adminSessions.expiresAt, now)),
      )
      .returning({ id: adminSessions.id });
    return rows.length;
  },

  async audit(exec: Executor, row: NewAudit): Promise<void> {
    await exec.insert(adminAudit).values(row);
  },

  /** An admin's action, in the action's transaction: who and their role, from where, at `at`. */
  async auditAs(
    exec: Executor,
    actor: AuditActor,
    at: Date,
    entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
  ): Promise<void> {
    await exec.insert(adminAudit).values({
      adminId: actor.admin.id,
      role: actor.admin.role,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.meta.ip,
      userAgent: actor.meta.userAgent,
      at,
    });
  },

  /** Newest first, filtered, a page at a time (keyset on id). */
  async auditPage(exec: Executor, f: AuditFilter): Promise<AuditRow[]> {
    const where: SQL[] = [];
    if (f.adminId !== undefined) where.push(eq(adminAudit.adminId, f.adminId));
    if (f.action !== undefined) {
      // "users" finds users.disable, users.enable …; "users.disable" finds exactly that.
      const prefix = `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
      where.push(or(eq(adminAudit.action, f.action), like(adminAudit.action, prefix)) as SQL);
    }
    if (f.targetType !== undefined) where.push(eq(adminAudit.targetType, f.targetType));
    if (f.targetId !== undefined) where.push(eq(adminAudit.targetId, f.targetId));
    if (f.from !== undefined) where.push(gte(adminAudit.at, f.from));
    if (f.to !== undefined) where.push(lte(adminAudit.at, f.to));
    if (f.beforeId !== undefined) where.push(lt(adminAudit.id, f.beforeId));
    return exec
      .select()
      .from(adminAudit)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(adminAudit.id))
      .limit(f.limit);
  },
};
