/**
 * The customer-service chat: one conversation per user (and one per visitor's contact form), its
 * messages, read state and unread counts. Each change writes a `support` event in its transaction;
 * after commit the relay publishes it on the bus and every process pushes it to its own sockets
 * (support.socket.ts): the user's on /message, the agents' on /swx/admin/support/socket. Typing is
 * not stored: it goes straight on the bus. Agent operations: support.agent.ts.
 */
import type { SupportInboxItem, SupportMessage } from '@openbourse/contracts/support.ts';
import { SUPPORT_TEXT_MAX } from '@openbourse/contracts/support.ts';
import { LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UsersService } from '../users/users.service.ts';
import { supportErrors } from './support.errors.ts';
import { type ConversationRow, type MessageRow, supportRepository as repo } from './support.repository.ts';
import { conversationView, inboxView, messageView } from './support.views.ts';

export const SUPPORT_TOPIC = 'support';

/** What the bus carries (every process pushes it to its own sockets). */
export type SupportEvent =
  | {
      kind: 'message';
      userId: number | null;
      conversation: SupportInboxItem;
      userMessage: SupportMessage;
      agentMessage: SupportMessage;
      unread: number;
    }
  | { kind: 'read'; userId: number | null; conversationId: number; by: 'user' | 'agent'; upTo: number }
  | { kind: 'conversation'; userId: number | null; conversation: SupportInboxItem }
  | { kind: 'typing'; userId: number | null; conversationId: number; from: 'user' | 'agent'; agentId: number | null };

/** A user's messages: 20 a minute. */
export const SEND_RULE: LimitRule = { windowMs: 60_000, max: 20 };
/** Contact forms per client address: 3 an hour. */
export const CONTACT_RULE: LimitRule = { windowMs: 60 * 60_000, max: 3 };
/** An agent message unread this long is emailed to the user (the `support.mail-offline` job). */
export const DEFAULT_OFFLINE_MAIL_AFTER_MS = 5 * 60_000;
/** Typing pushes per conversation and side: one a second at most (per process). */
const TYPING_EVERY_MS = 1000;

export interface SupportDeps {
  db: Db;
  clock: Clock;
  events: Events;
  files: FilesService;
  users: UsersService;
  mailer: Mailer;
  limiter?: RateLimiter | undefined;
  siteName: () => Promise<string>;
  offlineMailAfterMs?: number;
}

const langOf = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en');

export function createSupportCore(deps: SupportDeps) {
  const { db, clock, events } = deps;
  const typingAt = new Map<string, number>();

  const customerOf = async (exec: Executor, c: ConversationRow) => {
    if (c.userId === null) return null;
    const u = await deps.users.byId(exec, c.userId);
    return { username: u.username, email: u.email };
  };

  const lastOf = (exec: Executor, c: ConversationRow) =>
    c.lastMessageId === null ? Promise.resolve(null) : repo.message(exec, c.lastMessageId);

  const inboxItem = async (exec: Executor, c: ConversationRow) =>
    inboxView(c, await lastOf(exec, c), await customerOf(exec, c));

  /** Writes a message and its event in `tx`, keeping the counts and the wait for a first response. */
  async function post(
    tx: Executor,
    c: ConversationRow,
    m: {
      sender: 'user' | 'agent' | 'system';
      text: string;
      fileId?: string | null;
      agent?: { id: number; name: string };
    },
  ): Promise<{ message: MessageRow; conversation: ConversationRow }> {
    const now = clock.now();
    const message = await repo.insertMessage(tx, {
      conversationId: c.id,
      sender: m.sender,
      agentId: m.agent?.id ?? null,
      agentName: m.agent?.name ?? null,
      text: m.text,
      fileId: m.fileId ?? null,
      createdAt: now,
    });
    const fromUser = m.sender === 'user';
    if (m.sender === 'agent' && c.awaitingSince && m.agent) {
      await repo.recordResponse(tx, {
        conversationId: c.id,
        agentId: m.agent.id,
        askedAt: c.awaitingSince,
        answeredAt: now,
        waitMs: Math.max(0, now.getTime() - c.awaitingSince.getTime()),
      });
    }
    const conversation = await repo.update(tx, c.id, {
      lastMessageId: message.id,
      lastMessageAt: now,
      updatedAt: now,
      unreadByAgent: fromUser ? c.unreadByAgent + 1 : c.unreadByAgent,
      unreadByUser: fromUser ? c.unreadByUser : c.unreadByUser + 1,
      awaitingSince: fromUser ? (c.awaitingSince ?? now) : m.sender === 'agent' ? null : c.awaitingSince,
      // A customer's message reopens a closed conversation.
      ...(fromUser && c.status === 'closed' ? { status: 'open', closedAt: null } : {}),
    });
    const item = inboxView(conversation, message, await customerOf(tx, conversation));
    const event: SupportEvent = {
      kind: 'message',
      userId: conversation.userId,
      conversation: item,
      userMessage: messageView(message, 'user'),
      agentMessage: messageView(message, 'agent'),
      unread: conversation.unreadByUser,
    };
    await events.write(tx, SUPPORT_TOPIC, event);
    return { message, conversation };
  }

  async function conversationChanged(tx: Executor, c: ConversationRow) {
    const event: SupportEvent = { kind: 'conversation', userId: c.userId, conversation: await inboxItem(tx, c) };
    await events.write(tx, SUPPORT_TOPIC, event);
  }

  /** Typing goes straight on the bus (not stored), one a second per conversation and side. */
  async function typing(e: Extract<SupportEvent, { kind: 'typing' }>) {
    const key = `${e.conversationId}:${e.from}`;
    const now = clock.now().getTime();
    if (now - (typingAt.get(key) ?? 0) < TYPING_EVERY_MS) return;
    typingAt.set(key, now);
    if (typingAt.size > 10_000) typingAt.clear();
    await events.bus.publish([{ id: 0, topic: SUPPORT_TOPIC, payload: e }]);
  }

  return { db, clock, events, deps, post, conversationChanged, typing, inboxItem, lastOf, customerOf, langOf };
}

export type SupportCore = ReturnType<typeof createSupportCore>;

/** What the user calls (`/swx/customer/support/*`) and the visitors' contact form. */
export function createSupport(deps: SupportDeps) {
  const core = createSupportCore(deps);
  const { db, clock, events } = core;

  const mine = async (userId: number) => {
    const existing = await repo.conversationOfUser(db, userId);
    if (existing) return existing;
    const u = await deps.users.byId(db, userId);
    return repo.ensureForUser(db, userId, u.language, clock.now());
  };

  return {
    core,

    async conversation(userId: number) {
      const c = await mine(userId);
      return conversationView(c, await core.lastOf(db, c), 'user');
    },

    async messages(userId: number, q: { page: number; size: number }) {
      const c = await mine(userId);
      const { rows, total } = await repo.messages(db, c.id, q.page, q.size);
      return { list: rows.map((m) => messageView(m, 'user')), total, page: q.page, size: q.size };
    },

    async send(userId: number, input: { text?: string | undefined; fileId?: string | null | undefined }) {
      const text = input.text ?? '';
      if (text.length > SUPPORT_TEXT_MAX) throw supportErrors.tooLong();
      const fileId = input.fileId ?? null;
      if (text.trim().length === 0 && !fileId) throw supportErrors.empty();
      if (fileId) {
        // Someone else's file or none answers as a missing one (40400); the user's other uploads 40082.
        const file = await deps.files.find({ kind: 'user', id: userId }, fileId);
        if (!file) throw supportErrors.notFound();
        if (file.purpose !== 'chat') throw supportErrors.attachment();
      }
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`support:send:${userId}`, SEND_RULE);
        if (!hit.allowed) throw supportErrors.tooMany();
      }
      const c0 = await mine(userId);
      const { message } = await db.transaction(async (tx) => {
        const c = await repo.conversation(tx, c0.id, true);
        return core.post(tx, c!, { sender: 'user', text, fileId });
      });
      events.published();
      return messageView(message, 'user');
    },

    async read(userId: number) {
      const c0 = await repo.conversationOfUser(db, userId);
      if (!c0) return { unread: 0 };
      const upTo = await db.transaction(async (tx) => {
        const c = await repo.conversation(tx, c0.id, true);
        const last = await repo.markRead(tx, c!.id, ['agent', 'system'], clock.now());
        if (c!.unreadByUser !== 0) await repo.update(tx, c!.id, { unreadByUser: 0 });
        if (last !== null) {
          const event: SupportEvent = { kind: 'read', userId, conversationId: c!.id, by: 'user', upTo: last };
          await events.write(tx, SUPPORT_TOPIC, event);
        }
        return last;
      });
      if (upTo !== null) events.published();
      return { unread: 0 };
    },

    async unread(userId: number) {
      const c = await repo.conversationOfUser(db, userId);
      return { unread: c?.unreadByUser ?? 0 };
    },

    async typing(userId: number) {
      const c = await mine(userId);
      await core.typing({ kind: 'typing', userId, conversationId: c.id, from: 'user', agentId: null });
    },

    /** A visitor's contact form: a conversation of its own in the inbox; replies go by email. */
    async contact(input: { name: string; email: string; message: string; language: Language }, clientKey: string) {
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`support:contact:${clientKey}`, CONTACT_RULE);
        if (!hit.allowed) throw supportErrors.tooMany();
      }
      await db.transaction(async (tx) => {
        const c = await repo.createVisitor(tx, {
          name: input.name,
          email: input.email,
          language: input.language,
          at: clock.now(),
        });
        await core.post(tx, c, { sender: 'user', text: input.message });
      });
      events.published();
    },
  };
}

export type Support = ReturnType<typeof createSupport>;
