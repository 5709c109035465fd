/** Rows as the contract shows them, to the user or to an agent (the attachment URLs differ). */
import type {
  SupportConversation,
  SupportInboxItem,
  SupportMessage,
  SupportNote,
} from '@openbourse/contracts/support.ts';
import type { ConversationRow, MessageRow, NoteRow } from './support.repository.ts';

export type Side = 'user' | 'agent';

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function messageView(m: MessageRow, side: Side): SupportMessage {
  const base = side === 'user' ? '/swx/customer/file/' : '/swx/admin/files/';
  return {
    id: m.id,
    conversationId: m.conversationId,
    from: m.sender as SupportMessage['from'],
    agentName: m.sender === 'agent' ? m.agentName : null,
    text: m.text,
    attachment: m.fileId
      ? { fileId: m.fileId, url: `${base}${m.fileId}`, originalUrl: `${base}${m.fileId}?variant=original` }
      : null,
    createdAt: m.createdAt.getTime(),
    read: m.readAt !== null,
  };
}

export function conversationView(c: ConversationRow, last: MessageRow | null, side: Side): SupportConversation {
  return {
    id: c.id,
    status: c.status as SupportConversation['status'],
    assignedAgentId: c.assignedAdminId,
    assignedAgentName: c.assignedAdminName,
    unreadByUser: c.unreadByUser,
    unreadByAgent: c.unreadByAgent,
    lastMessage: last ? messageView(last, side) : null,
    createdAt: c.createdAt.getTime(),
    updatedAt: c.updatedAt.getTime(),
    lastMessageAt: ms(c.lastMessageAt),
  };
}

export function inboxView(
  c: ConversationRow,
  last: MessageRow | null,
  customer: { username: string; email: string | null } | null,
): SupportInboxItem {
  return {
    ...conversationView(c, last, 'agent'),
    userId: c.userId,
    customerName: customer?.username ?? c.visitorName ?? '',
    customerEmail: customer ? customer.email : c.visitorEmail,
    language: c.language,
    visitor: c.userId === null,
  };
}

export const noteView = (n: NoteRow): SupportNote => ({
  id: n.id,
  conversationId: n.conversationId,
  agentId: n.agentId,
  agentName: n.agentName,
  text: n.text,
  createdAt: n.createdAt.getTime(),
});
