import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { pageQueryFields } from './paging.ts';

/**
 * Customer-service chat (spec §1 online customer service, §2 /profile/kefu): one conversation per
 * user with the platform's support agents, in real time over the WebSocket /message (pushes on
 * `{"ch":"support"}`) and over HTTP; image attachments are the user's own uploads of purpose `chat`
 * (POST /swx/customer/file/upload). Visitors who are not signed in use the contact form: it opens a
 * conversation in the inbox whose replies go by email. In the admin console (`/swx/admin/support/…`,
 * permission `support.reply`): the inbox, assignment, internal notes (never shown to the user), canned
 * replies in the 11 languages, the user's context beside the chat and response-time figures.
 *
 * Messages are plain text, stored and returned exactly as written: clients show them as text (never
 * as HTML). Times are epoch milliseconds.
 */

export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_NOTE_MAX = 2000;
export const CONTACT_MESSAGE_MAX = 2000;

/** A message's text: at most 2,000 characters (40080 beyond), not only blanks with no attachment (40081). */
export const SupportText = z
  .string({ error: 'E40081' })
  .max(SUPPORT_TEXT_MAX, { error: 'E40080' })
  .describe('Plain text, at most 2,000 characters; shown as text, never as HTML');

const FileId = z.string({ error: 'E40017' }).uuid({ error: 'E40017' });

export const ConversationId = z.coerce
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .positive({ error: 'E40001' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' });

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const SupportStatus = z.enum(SUPPORT_STATUSES, { error: 'E40001' });
export type SupportStatus = z.infer<typeof SupportStatus>;

export const SUPPORT_SENDERS = ['user', 'agent', 'system'] as const;
export const SupportSender = z
  .enum(SUPPORT_SENDERS)
  .describe('user: the customer (or the visitor of a contact form); agent: support; system: the platform');
export type SupportSender = z.infer<typeof SupportSender>;

export const SupportAttachment = z.object({
  fileId: z.string(),
  url: z.string().describe('The display image: GET /swx/customer/file/{id} (customer) or /swx/admin/files/{id}'),
  originalUrl: z.string().describe('The original bytes (…?variant=original)'),
});
export type SupportAttachment = z.infer<typeof SupportAttachment>;

export const SupportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  from: SupportSender,
  agentName: z.string().nullable().describe('The agent’s display name for agent messages, else null'),
  text: z.string().describe('Plain text exactly as written (may be empty with an attachment)'),
  attachment: SupportAttachment.nullable(),
  createdAt: z.number().int().describe('Epoch ms'),
  read: z.boolean().describe('Read by the other side (the user for agent messages, support for user ones)'),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportConversation = z.object({
  id: z.number().int(),
  status: SupportStatus,
  assignedAgentId: z.number().int().nullable(),
  assignedAgentName: z.string().nullable(),
  unreadByUser: z.number().int().describe('Agent and system messages the user has not read'),
  unreadByAgent: z.number().int().describe('User messages support has not read'),
  lastMessage: SupportMessage.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  lastMessageAt: z.number().int().nullable(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

// ---------------------------------------------------------------- customer calls

/**
 * GET /swx/customer/support/conversation → SupportConversation (the user's one conversation, opened
 * on first call; a closed one is reopened by the user's next message).
 *
 * GET /swx/customer/support/messages?page&size → SupportMessagePage: page 1 holds the newest
 * messages; each page's list is oldest first (newest last).
 */
export const SupportMessagesQuery = z.object({ ...pageQueryFields });
export type SupportMessagesQuery = z.input<typeof SupportMessagesQuery>;

export const SupportMessagePage = z.object({
  list: z.array(SupportMessage).describe('Oldest first; page 1 ends with the newest message'),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SupportMessagePage = z.infer<typeof SupportMessagePage>;

/**
 * POST /swx/customer/support/send → SupportMessage. Text (≤ 2,000, 40080) and/or an attachment: the
 * id of an image the user uploaded with purpose `chat` (someone else's or an unknown id: 40400; a
 * file of another purpose: 40082). Neither: 40081. More than 20 messages a minute: 42900.
 */
export const SupportSendRequest = z.object({
  text: SupportText.optional().default(''),
  fileId: FileId.nullish(),
});
export type SupportSendRequest = z.input<typeof SupportSendRequest>;

/** POST /swx/customer/support/read → SupportUnread (marks every agent message read). */
/** POST /swx/customer/support/typing → null (pushes `typing` to the agents, at most once a second). */
/** GET /swx/customer/support/unread → SupportUnread. */
export const SupportUnread = z.object({ unread: z.number().int() });
export type SupportUnread = z.infer<typeof SupportUnread>;

/**
 * POST /swx/customer/index/contact (no sign-in): a visitor's message. It opens a conversation in the
 * support inbox; the agent's replies are emailed to the address given. 3 per address per hour
 * (42900).
 */
export const ContactRequest = z.object({
  name: z.string({ error: 'E40083' }).trim().min(1, { error: 'E40083' }).max(100, { error: 'E40083' }),
  email: z.string({ error: 'E40084' }).trim().max(254, { error: 'E40084' }).email({ error: 'E40084' }),
  message: z
    .string({ error: 'E40081' })
    .trim()
    .min(1, { error: 'E40081' })
    .max(CONTACT_MESSAGE_MAX, { error: 'E40080' }),
  language: z.enum(LANGUAGES).optional().describe('The language replies are written in (default: the request’s)'),
});
export type ContactRequest = z.input<typeof ContactRequest>;

// ---------------------------------------------------------------- WebSocket pushes

/**
 * To the user's signed-in sockets on /message, in every server process:
 * - `{"ch":"support","type":"message","message":SupportMessage,"unread":n}`: an agent (or system)
 *   message, or the user's own message sent from another tab;
 * - `{"ch":"support","type":"typing","from":"agent"}`;
 * - `{"ch":"support","type":"read","by":"agent","upTo":messageId}`: support read the user's messages;
 * - `{"ch":"support","type":"status","status":"open"|"closed"}`.
 */
export const SupportUserPush = z.discriminatedUnion('type', [
  z.object({ ch: z.literal('support'), type: z.literal('message'), message: SupportMessage, unread: z.number().int() }),
  z.object({ ch: z.literal('support'), type: z.literal('typing'), from: z.literal('agent') }),
  z.object({ ch: z.literal('support'), type: z.literal('read'), by: z.literal('agent'), upTo: z.number().int() }),
  z.object({ ch: z.literal('support'), type: z.literal('status'), status: SupportStatus }),
]);
export type SupportUserPush = z.infer<typeof SupportUserPush>;

/**
 * The agents' socket: WebSocket `/swx/admin/support/socket`. The console sends
 * `{"op":"auth","token":"<admin session token>"}` first (→ `{"ch":"auth","ok":true|false}`; an
 * account without `support.reply` is refused) and `"ping"` (→ `"pong"`). Pushes, in every process:
 * - `{"ch":"support","type":"message","conversation":SupportConversation,"message":SupportMessage}`;
 * - `{"ch":"support","type":"typing","conversationId":n,"from":"user"|"agent","agentId":n|null}`;
 * - `{"ch":"support","type":"read","conversationId":n,"by":"user"|"agent","upTo":messageId}`;
 * - `{"ch":"support","type":"conversation","conversation":SupportConversation}`: assigned, closed,
 *   reopened.
 */
export const SupportAgentPush = z.discriminatedUnion('type', [
  z.object({
    ch: z.literal('support'),
    type: z.literal('message'),
    conversation: z.lazy(() => SupportInboxItem),
    message: SupportMessage,
  }),
  z.object({
    ch: z.literal('support'),
    type: z.literal('typing'),
    conversationId: z.number().int(),
    from: z.enum(['user', 'agent']),
    agentId: z.number().int().nullable(),
  }),
  z.object({
    ch: z.literal('support'),
    type: z.literal('read'),
    conversationId: z.number().int(),
    by: z.enum(['user', 'agent']),
    upTo: z.number().int(),
  }),
  z.object({ ch: z.literal('support'), type: z.literal('conversation'), conversation: z.lazy(() => SupportInboxItem) }),
]);
export type SupportAgentPush = z.infer<typeof SupportAgentPush>;

// ---------------------------------------------------------------- admin calls

/** Who the conversation is with: a user (userId) or a visitor of the contact form (userId null). */
export const SupportInboxItem = SupportConversation.extend({
  userId: z.number().int().nullable(),
  customerName: z.string().describe('The user’s username, or the visitor’s name'),
  customerEmail: z.string().nullable(),
  language: z.string().describe('The customer’s language (replies by email are in it)'),
  visitor: z.boolean().describe('From the contact form: replies go by email only'),
});
export type SupportInboxItem = z.infer<typeof SupportInboxItem>;

export const SUPPORT_INBOX_FILTERS = ['open', 'mine', 'unassigned', 'closed', 'all'] as const;
/** GET /swx/admin/support/conversations?filter&page&size → SupportInboxPage (most recent activity first). */
export const SupportInboxQuery = z.object({
  filter: z.enum(SUPPORT_INBOX_FILTERS, { error: 'E40001' }).default('open'),
  ...pageQueryFields,
});
export type SupportInboxQuery = z.input<typeof SupportInboxQuery>;
export const SupportInboxPage = z.object({
  list: z.array(SupportInboxItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SupportInboxPage = z.infer<typeof SupportInboxPage>;

/** An internal note: agents only, never shown to the user. */
export const SupportNote = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  text: z.string(),
  createdAt: z.number().int(),
});
export type SupportNote = z.infer<typeof SupportNote>;

/**
 * GET /swx/admin/support/conversations/:id → SupportConversationDetail (the newest page of messages).
 * GET /swx/admin/support/conversations/:id/messages?page&size → SupportMessagePage.
 */
export const SupportConversationDetail = z.object({
  conversation: SupportInboxItem,
  messages: SupportMessagePage,
  notes: z.array(SupportNote).describe('Oldest first'),
});
export type SupportConversationDetail = z.infer<typeof SupportConversationDetail>;

/** POST /swx/admin/support/conversations/:id/reply → SupportMessage (text required, 40080/40081). */
export const SupportReplyRequest = z.object({
  text: SupportText.trim().min(1, { error: 'E40081' }),
});
export type SupportReplyRequest = z.input<typeof SupportReplyRequest>;

/** POST /swx/admin/support/conversations/:id/notes → SupportNote. */
export const SupportNoteRequest = z.object({
  text: z.string({ error: 'E40081' }).trim().min(1, { error: 'E40081' }).max(SUPPORT_NOTE_MAX, { error: 'E40080' }),
});
export type SupportNoteRequest = z.input<typeof SupportNoteRequest>;

/**
 * POST /swx/admin/support/conversations/:id/assign → SupportInboxItem. `agentId` omitted: to
 * oneself; null: unassigned; another agent's id: to them (an account without support.reply: 40085).
 * Audited.
 */
export const SupportAssignRequest = z.object({
  agentId: z.number({ error: 'E40001' }).int({ error: 'E40001' }).positive({ error: 'E40001' }).nullish(),
});
export type SupportAssignRequest = z.input<typeof SupportAssignRequest>;

/**
 * POST /swx/admin/support/conversations/:id/close and …/reopen → SupportInboxItem (audited).
 * POST …/read → null (marks the user's messages read, pushes `read` to the user).
 * POST …/typing → null (pushes `typing` to the user).
 */

/** GET /swx/admin/support/agents → the accounts that may reply (for assignment). */
export const SupportAgent = z.object({ id: z.number().int(), name: z.string(), role: z.string() });
export const SupportAgentsResult = z.object({ list: z.array(SupportAgent) });
export type SupportAgentsResult = z.infer<typeof SupportAgentsResult>;

/** A canned reply: a title and a text in each language (all 11 required). */
const perLanguage = (max: number) =>
  z.object(
    Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        z.string({ error: 'E40086' }).trim().min(1, { error: 'E40086' }).max(max, { error: 'E40086' }),
      ]),
    ) as Record<(typeof LANGUAGES)[number], z.ZodString>,
  );
export const CannedTitles = perLanguage(100);
export const CannedTexts = perLanguage(SUPPORT_TEXT_MAX);

export const CannedReply = z.object({
  id: z.number().int(),
  title: z.record(z.string(), z.string()),
  text: z.record(z.string(), z.string()),
  updatedAt: z.number().int(),
});
export type CannedReply = z.infer<typeof CannedReply>;

/**
 * GET /swx/admin/support/canned → { list: CannedReply[] }.
 * POST /swx/admin/support/canned (create), PUT /swx/admin/support/canned/:id (replace) with
 * CannedReplyRequest → CannedReply; DELETE /swx/admin/support/canned/:id → null. Edits are audited.
 * A missing language or an empty text: 40086.
 */
export const CannedReplyRequest = z.object({ title: CannedTitles, text: CannedTexts });
export type CannedReplyRequest = z.input<typeof CannedReplyRequest>;
export const CannedRepliesResult = z.object({ list: z.array(CannedReply) });
export type CannedRepliesResult = z.infer<typeof CannedRepliesResult>;

/**
 * GET /swx/admin/support/conversations/:id/context → SupportUserContext (null fields for a visitor).
 */
export const SupportUserContext = z.object({
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  registeredAt: z.number().int().nullable(),
  status: z.string().nullable().describe('active / disabled'),
  kyc: z.string().nullable().describe('The identity verification state: none, pending, verified, failed'),
  level: z
    .object({ level: z.number().int(), name: z.string() })
    .nullable()
    .describe('The VIP level when the levels module gives one; else null'),
  balances: z
    .array(
      z.object({
        mode: z.enum(['real', 'demo']),
        currency: z.string(),
        available: z.string().describe('Exact decimal string'),
        locked: z.string(),
        total: z.string(),
      }),
    )
    .describe('The real account’s balances, then the demo account’s'),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      kind: z.string().describe('margin, spot …'),
      instrument: z.string(),
      side: z.string(),
      status: z.string(),
      amount: z.string(),
      createdAt: z.number().int(),
    }),
  ),
});
export type SupportUserContext = z.infer<typeof SupportUserContext>;

/**
 * GET /swx/admin/support/stats?days=30 → SupportStats: first-response time (from a conversation's
 * first unanswered user message to the agent's reply) over the conversations answered in the window.
 */
export const SupportStatsQuery = z.object({
  days: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(365, { error: 'E40001' })
    .default(30),
});
export const SupportStats = z.object({
  openCount: z.number().int(),
  unassignedCount: z.number().int(),
  waitingCount: z.number().int().describe('Open conversations whose last message is the customer’s'),
  answered: z.number().int().describe('First responses measured in the window'),
  firstResponseMedianMs: z.number().int().nullable(),
  firstResponseP90Ms: z.number().int().nullable(),
  days: z.number().int(),
});
export type SupportStats = z.infer<typeof SupportStats>;
