import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One conversation per user (user_id unique), or one per contact-form message from a visitor
 * (user_id null, visitor_name and visitor_email set). Unread counts are kept on the row, changed in
 * the transaction of the message or the read that changes them. `awaiting_since`: the time of the
 * first user message support has not answered yet (null when answered) — a reply records the wait
 * in `support_responses`.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    language: text('language').notNull().default('en'),
    status: text('status').notNull().default('open'),
    assignedAdminId: integer('assigned_admin_id'),
    assignedAdminName: text('assigned_admin_name'),
    unreadByUser: integer('unread_by_user').notNull().default(0),
    unreadByAgent: integer('unread_by_agent').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: at('last_message_at'),
    awaitingSince: at('awaiting_since'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('support_conversations_user_uq').on(t.userId).where(sql`${t.userId} is not null`),
    index('support_conversations_activity_idx').on(t.status, t.updatedAt),
    check('support_conversations_status_ck', sql`${t.status} in ('open', 'closed')`),
    check(
      'support_conversations_who_ck',
      sql`(${t.userId} is not null) or (${t.visitorName} is not null and ${t.visitorEmail} is not null)`,
    ),
  ],
);

/**
 * Messages, plain text as written. `read_at`: when the other side read it. `mailed_at`: an agent's
 * message emailed to a user who had not read it in time (or to a visitor at once).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender').notNull(),
    agentId: integer('agent_id'),
    agentName: text('agent_name'),
    text: text('text').notNull(),
    fileId: text('file_id'),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
    mailedAt: at('mailed_at'),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.sender} = 'agent' and ${t.readAt} is null and ${t.mailedAt} is null`),
    check('support_messages_sender_ck', sql`${t.sender} in ('user', 'agent', 'system')`),
    check('support_messages_text_ck', sql`char_length(${t.text}) <= 2000`),
  ],
);

/** Internal notes: agents only, never in any customer answer. */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    agentId: integer('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('support_notes_conversation_idx').on(t.conversationId, t.id)],
);

/** Canned replies: a title and a text per language code (all 11). */
export const supportCanned = pgTable('support_canned', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  text: jsonb('text').$type<Record<string, string>>().notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Each wait answered: from the first unanswered customer message to the agent's reply. */
export const supportResponses = pgTable(
  'support_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    agentId: integer('agent_id').notNull(),
    askedAt: at('asked_at').notNull(),
    answeredAt: at('answered_at').notNull(),
    waitMs: bigint('wait_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('support_responses_answered_idx').on(t.answeredAt)],
);
