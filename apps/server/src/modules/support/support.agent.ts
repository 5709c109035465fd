/**
 * What support agents do (the admin console's inbox; admin/admin.support.ts checks who they are and
 * audits): the inbox, one conversation with its messages and internal notes, replies, assignment,
 * closing and reopening, read state and typing, response-time figures, and the emailing of replies
 * the customer has not read (visitors: at once; users: after `offlineMailAfterMs` unread, by the
 * `support.mail-offline` job).
 */
import { errorMessage } from '@openbourse/locales/server.ts';
import type { Executor } from '../../db/client.ts';
import { supportErrors } from './support.errors.ts';
import {
  type ConversationRow,
  type InboxFilter,
  type MessageRow,
  supportRepository as repo,
} from './support.repository.ts';
import {
  DEFAULT_OFFLINE_MAIL_AFTER_MS,
  SUPPORT_TOPIC,
  type SupportCore,
  type SupportEvent,
} from './support.service.ts';
import { messageView, noteView } from './support.views.ts';

export interface Agent {
  id: number;
  name: string;
}

/** Runs in the transaction of the change it records (the admin audit log). */
export type AuditHook = (tx: Executor, before: unknown, after: unknown) => Promise<void>;

export const MAIL_BATCH = 200;

export const percentile = (sorted: readonly number[], p: number): number | null => {
  if (sorted.length === 0) return null;
  // Nearest rank: the smallest value with at least p of the values at or below it.
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
};

export function createSupportAgents(core: SupportCore) {
  const { db, clock, events, deps } = core;

  const existing = async (exec: Executor, id: number, lock = false) => {
    const c = await repo.conversation(exec, id, lock);
    if (!c) throw supportErrors.notFound();
    return c;
  };

  const auditable = (c: ConversationRow) => ({
    status: c.status,
    assignedAgentId: c.assignedAdminId,
    assignedAgentName: c.assignedAdminName,
  });

  /** The mail of one or more replies, in the customer's language. */
  async function replyMail(
    tx: Executor,
    c: ConversationRow,
    messages: readonly MessageRow[],
    site: string,
  ): Promise<{ sent: boolean }> {
    // A user's mail is in their language now; a visitor's in the one of their form.
    const user = c.userId === null ? null : await deps.users.byId(tx, c.userId);
    const lang = core.langOf(user ? user.language : c.language);
    const email = user ? user.email : c.visitorEmail;
    const footer = errorMessage(lang, c.userId === null ? 'mail.body.supportVisitor' : 'mail.body.supportUser', {
      site,
    });
    const body = [
      errorMessage(lang, 'mail.body.supportReply', { site }),
      '',
      ...messages.map((m) => `${m.agentName ?? site}: ${m.text}`),
      '',
      footer,
    ].join('\n');
    const message = {
      channel: 'email' as const,
      recipient: email ?? '',
      subject: errorMessage(lang, 'mail.subject.supportReply', { site }),
      body,
    };
    if (!email) {
      await deps.mailer.skip(tx, message, 'no email address');
      return { sent: false };
    }
    await deps.mailer.enqueue(tx, message);
    return { sent: true };
  }

  return {
    async inbox(agentId: number, q: { filter: InboxFilter; page: number; size: number }) {
      const { rows, total } = await repo.inbox(db, q.filter, agentId, q.page, q.size);
      const list = [];
      for (const c of rows) list.push(await core.inboxItem(db, c));
      return { list, total, page: q.page, size: q.size };
    },

    async messages(id: number, q: { page: number; size: number }) {
      const c = await existing(db, id);
      const { rows, total } = await repo.messages(db, c.id, q.page, q.size);
      return { list: rows.map((m) => messageView(m, 'agent')), total, page: q.page, size: q.size };
    },

    async detail(id: number, size = 50) {
      const c = await existing(db, id);
      const [conversation, page, notes] = await Promise.all([
        core.inboxItem(db, c),
        repo.messages(db, c.id, 1, size),
        repo.notes(db, c.id),
      ]);
      return {
        conversation,
        messages: { list: page.rows.map((m) => messageView(m, 'agent')), total: page.total, page: 1, size },
        notes: notes.map(noteView),
      };
    },

    /** The conversation's row (for the user's context beside the chat). */
    row: (id: number) => existing(db, id),

    /** A reply: pushed to the user's sockets; a visitor's is emailed at once. */
    async reply(agent: Agent, id: number, text: string) {
      // Read before the transaction: a single-connection database cannot answer another query inside it.
      const site = await deps.siteName();
      const { message } = await db.transaction(async (tx) => {
        const c = await existing(tx, id, true);
        const out = await core.post(tx, c, { sender: 'agent', text, agent });
        if (c.userId === null) {
          await replyMail(tx, c, [out.message], site);
          await repo.markMailed(tx, [out.message.id], clock.now());
        }
        return out;
      });
      events.published();
      deps.mailer.sent();
      return messageView(message, 'agent');
    },

    async note(agent: Agent, id: number, text: string) {
      const c = await existing(db, id);
      const row = await repo.insertNote(db, {
        conversationId: c.id,
        agentId: agent.id,
        agentName: agent.name,
        text,
        createdAt: clock.now(),
      });
      return noteView(row);
    },

    /** To an agent (or nobody: null), audited by `audit`. */
    async assign(id: number, to: Agent | null, audit: AuditHook) {
      const after = await db.transaction(async (tx) => {
        const c = await existing(tx, id, true);
        const next = await repo.update(tx, c.id, {
          assignedAdminId: to?.id ?? null,
          assignedAdminName: to?.name ?? null,
          updatedAt: clock.now(),
        });
        await audit(tx, auditable(c), auditable(next));
        await core.conversationChanged(tx, next);
        return next;
      });
      events.published();
      return core.inboxItem(db, after);
    },

    async setStatus(id: number, status: 'open' | 'closed', audit: AuditHook) {
      const after = await db.transaction(async (tx) => {
        const c = await existing(tx, id, true);
        if (c.status === status) return c;
        const now = clock.now();
        const next = await repo.update(tx, c.id, {
          status,
          closedAt: status === 'closed' ? now : null,
          updatedAt: now,
          ...(status === 'closed' ? { awaitingSince: null } : {}),
        });
        await audit(tx, auditable(c), auditable(next));
        await core.conversationChanged(tx, next);
        return next;
      });
      events.published();
      return core.inboxItem(db, after);
    },

    async read(id: number) {
      const upTo = await db.transaction(async (tx) => {
        const c = await existing(tx, id, true);
        const last = await repo.markRead(tx, c.id, ['user'], clock.now());
        if (c.unreadByAgent !== 0) await repo.update(tx, c.id, { unreadByAgent: 0 });
        if (last !== null) {
          const event: SupportEvent = { kind: 'read', userId: c.userId, conversationId: c.id, by: 'agent', upTo: last };
          await events.write(tx, SUPPORT_TOPIC, event);
        }
        return last;
      });
      if (upTo !== null) events.published();
    },

    async typing(agentId: number, id: number) {
      const c = await existing(db, id);
      await core.typing({ kind: 'typing', userId: c.userId, conversationId: c.id, from: 'agent', agentId });
    },

    async stats(days: number) {
      const since = new Date(clock.now().getTime() - days * 86_400_000);
      const [counts, waits] = await Promise.all([repo.counts(db), repo.waits(db, since)]);
      return {
        openCount: counts.open,
        unassignedCount: counts.unassigned,
        waitingCount: counts.waiting,
        answered: waits.length,
        firstResponseMedianMs: percentile(waits, 0.5),
        firstResponseP90Ms: percentile(waits, 0.9),
        days,
      };
    },

    /**
     * Emails the agents' replies a user has not read within `offlineMailAfterMs`: one mail per
     * conversation, each message mailed once (rows locked, SKIP LOCKED across processes).
     */
    async mailOffline(): Promise<number> {
      const after = deps.offlineMailAfterMs ?? DEFAULT_OFFLINE_MAIL_AFTER_MS;
      const site = await deps.siteName();
      const mailed = await db.transaction(async (tx) => {
        const now = clock.now();
        const rows = await repo.unmailed(tx, new Date(now.getTime() - after), MAIL_BATCH);
        if (rows.length === 0) return 0;
        const byConversation = new Map<number, MessageRow[]>();
        for (const m of rows)
          byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
        const conversations = await repo.conversationsByIds(tx, [...byConversation.keys()]);
        let sent = 0;
        for (const c of conversations) {
          const r = await replyMail(tx, c, byConversation.get(c.id)!, site);
          if (r.sent) sent++;
        }
        await repo.markMailed(
          tx,
          rows.map((m) => m.id),
          now,
        );
        return sent;
      });
      if (mailed > 0) deps.mailer.sent();
      return mailed;
    },
  };
}

export type SupportAgents = ReturnType<typeof createSupportAgents>;
