/** The support chat's rows (Drizzle only). */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  supportCanned,
  supportConversations,
  supportMessages,
  supportNotes,
  supportResponses,
} from './support.tables.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type NoteRow = typeof supportNotes.$inferSelect;
export type CannedRow = typeof supportCanned.$inferSelect;

export type InboxFilter = 'open' | 'mine' | 'unassigned' | 'closed' | 'all';

export const supportRepository = {
  async conversationOfUser(exec: Executor, userId: number, lock = false): Promise<ConversationRow | null> {
    const q = exec.select().from(supportConversations).where(eq(supportConversations.userId, userId));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  async conversation(exec: Executor, id: number, lock = false): Promise<ConversationRow | null> {
    const q = exec.select().from(supportConversations).where(eq(supportConversations.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  /** The user's conversation, created if absent (a concurrent creation is absorbed by the unique index). */
  async ensureForUser(exec: Executor, userId: number, language: string, at: Date): Promise<ConversationRow> {
    await exec
      .insert(supportConversations)
      .values({ userId, language, status: 'open', createdAt: at, updatedAt: at })
      .onConflictDoNothing();
    const row = await supportRepository.conversationOfUser(exec, userId);
    if (!row) throw new Error('support: conversation vanished');
    return row;
  },

  async createVisitor(
    exec: Executor,
    v: { name: string; email: string; language: string; at: Date },
  ): Promise<ConversationRow> {
    const [row] = await exec
      .insert(supportConversations)
      .values({
        visitorName: v.name,
        visitorEmail: v.email,
        language: v.language,
        status: 'open',
        createdAt: v.at,
        updatedAt: v.at,
      })
      .returning();
    return row!;
  },

  async update(exec: Executor, id: number, set: Partial<ConversationRow>): Promise<ConversationRow> {
    const [row] = await exec.update(supportConversations).set(set).where(eq(supportConversations.id, id)).returning();
    return row!;
  },

  async insertMessage(exec: Executor, m: typeof supportMessages.$inferInsert): Promise<MessageRow> {
    const [row] = await exec.insert(supportMessages).values(m).returning();
    return row!;
  },

  async message(exec: Executor, id: number): Promise<MessageRow | null> {
    const [row] = await exec.select().from(supportMessages).where(eq(supportMessages.id, id));
    return row ?? null;
  },

  async messagesByIds(exec: Executor, ids: number[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return exec.select().from(supportMessages).where(inArray(supportMessages.id, ids));
  },

  /** One page, page 1 the newest, each page oldest first. */
  async messages(exec: Executor, conversationId: number, page: number, size: number) {
    const where = eq(supportMessages.conversationId, conversationId);
    const [rows, [total]] = await Promise.all([
      exec
        .select()
        .from(supportMessages)
        .where(where)
        .orderBy(desc(supportMessages.id))
        .limit(size)
        .offset((page - 1) * size),
      exec.select({ n: count() }).from(supportMessages).where(where),
    ]);
    return { rows: rows.reverse(), total: Number(total?.n ?? 0) };
  },

  /** Marks the other side's unread messages read; answers the newest id marked (or null). */
  async markRead(exec: Executor, conversationId: number, senders: readonly string[], at: Date): Promise<number | null> {
    const rows = await exec
      .update(supportMessages)
      .set({ readAt: at })
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          inArray(supportMessages.sender, [...senders]),
          isNull(supportMessages.readAt),
        ),
      )
      .returning({ id: supportMessages.id });
    return rows.length ? Math.max(...rows.map((r) => r.id)) : null;
  },

  async inbox(exec: Executor, filter: InboxFilter, agentId: number, page: number, size: number) {
    const c = supportConversations;
    const where: SQL | undefined =
      filter === 'open'
        ? eq(c.status, 'open')
        : filter === 'closed'
          ? eq(c.status, 'closed')
          : filter === 'mine'
            ? and(eq(c.status, 'open'), eq(c.assignedAdminId, agentId))
            : filter === 'unassigned'
              ? and(eq(c.status, 'open'), isNull(c.assignedAdminId))
              : undefined;
    const [rows, [total]] = await Promise.all([
      exec
        .select()
        .from(c)
        .where(where)
        .orderBy(desc(c.updatedAt), desc(c.id))
        .limit(size)
        .offset((page - 1) * size),
      exec.select({ n: count() }).from(c).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  async insertNote(exec: Executor, n: typeof supportNotes.$inferInsert): Promise<NoteRow> {
    const [row] = await exec.insert(supportNotes).values(n).returning();
    return row!;
  },

  notes(exec: Executor, conversationId: number): Promise<NoteRow[]> {
    return exec
      .select()
      .from(supportNotes)
      .where(eq(supportNotes.conversationId, conversationId))
      .orderBy(asc(supportNotes.id));
  },

  async recordResponse(exec: Executor, r: typeof supportResponses.$inferInsert): Promise<void> {
    await exec.insert(supportResponses).values(r);
  },

  /** Waits answered since `since`, shortest first. */
  async waits(exec: Executor, since: Date): Promise<number[]> {
    const rows = await exec
      .select({ ms: supportResponses.waitMs })
      .from(supportResponses)
      .where(gte(supportResponses.answeredAt, since))
      .orderBy(asc(supportResponses.waitMs));
    return rows.map((r) => Number(r.ms));
  },

  async counts(exec: Executor) {
    const c = supportConversations;
    const [row] = await exec
      .select({
        open: sql<number>`count(*) filter (where ${c.status} = 'open')::int`,
        unassigned: sql<number>`count(*) filter (where ${c.status} = 'open' and ${c.assignedAdminId} is null)::int`,
        waiting: sql<number>`count(*) filter (where ${c.status} = 'open' and ${c.awaitingSince} is not null)::int`,
      })
      .from(c);
    return { open: row?.open ?? 0, unassigned: row?.unassigned ?? 0, waiting: row?.waiting ?? 0 };
  },

  /**
   * Agent messages to users unread since before `before` and not yet mailed, locked for the caller
   * (another process's run skips them).
   */
  async unmailed(exec: Executor, before: Date, limit: number): Promise<MessageRow[]> {
    return exec
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.sender, 'agent'),
          isNull(supportMessages.readAt),
          isNull(supportMessages.mailedAt),
          lte(supportMessages.createdAt, before),
        ),
      )
      .orderBy(asc(supportMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async markMailed(exec: Executor, ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await exec.update(supportMessages).set({ mailedAt: at }).where(inArray(supportMessages.id, ids));
  },

  async conversationsByIds(exec: Executor, ids: number[]): Promise<ConversationRow[]> {
    if (ids.length === 0) return [];
    return exec.select().from(supportConversations).where(inArray(supportConversations.id, ids));
  },

  canned(exec: Executor): Promise<CannedRow[]> {
    return exec.select().from(supportCanned).orderBy(asc(supportCanned.id));
  },

  async cannedById(exec: Executor, id: number, lock = false): Promise<CannedRow | null> {
    const q = exec.select().from(supportCanned).where(eq(supportCanned.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  async cannedCount(exec: Executor): Promise<number> {
    const [row] = await exec.select({ n: count() }).from(supportCanned);
    return Number(row?.n ?? 0);
  },

  async insertCanned(exec: Executor, v: typeof supportCanned.$inferInsert): Promise<CannedRow> {
    const [row] = await exec.insert(supportCanned).values(v).returning();
    return row!;
  },

  async updateCanned(exec: Executor, id: number, set: Partial<CannedRow>): Promise<CannedRow> {
    const [row] = await exec.update(supportCanned).set(set).where(eq(supportCanned.id, id)).returning();
    return row!;
  },

  async deleteCanned(exec: Executor, id: number): Promise<void> {
    await exec.delete(supportCanned).where(eq(supportCanned.id, id));
  },
};
