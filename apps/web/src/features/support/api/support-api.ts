/**
 * The user's side of the support chat (packages/contracts/src/support.ts): the history a page at a
 * time (page 1 the newest), sending, read marks, typing, the unread count, and the visitors'
 * contact form.
 */
import type { Language } from '@openbourse/contracts/languages.ts';
import type {
  ContactRequest,
  SupportMessage,
  SupportMessagePage,
  SupportSendRequest,
  SupportUnread,
} from '@openbourse/contracts/support.ts';
import { api } from '@/shared/lib/api-client';
import type { ChatMessage } from '../lib/chat';

export const HISTORY_PAGE_SIZE = 30;

export const supportKeys = {
  all: ['support'] as const,
  history: (token: string | null) => ['support', 'history', token] as const,
  unread: (token: string | null) => ['support', 'unread', token] as const,
};

/** The server's message as the chat shows it. */
export function toChatMessage(m: SupportMessage): ChatMessage {
  const mine = m.from === 'user';
  return {
    key: `s${m.id}`,
    id: m.id,
    mine,
    text: m.text,
    imageUrl: m.attachment?.url ?? null,
    createdAt: m.createdAt,
    author: m.agentName,
    status: mine && m.read ? 'read' : 'sent',
  };
}

export async function getHistory(page: number, signal?: AbortSignal): Promise<SupportMessagePage> {
  return (await api.get<SupportMessagePage>('support/messages', { query: { page, size: HISTORY_PAGE_SIZE }, signal }))
    .result;
}

/** The next (older) page while there is one. */
export function olderPage(last: SupportMessagePage): number | undefined {
  return last.list.length > 0 && last.page * last.size < last.total ? last.page + 1 : undefined;
}

export async function sendMessage(body: SupportSendRequest): Promise<SupportMessage> {
  return (await api.post<SupportMessage>('support/send', body)).result;
}

export async function markRead(): Promise<number> {
  return (await api.post<SupportUnread>('support/read', {})).result.unread;
}

export async function sendTyping(): Promise<void> {
  await api.post('support/typing', {});
}

export async function getUnread(signal?: AbortSignal): Promise<number> {
  return (await api.get<SupportUnread>('support/unread', { signal })).result.unread;
}

export async function sendContact(body: ContactRequest & { language: Language }): Promise<void> {
  await api.post('index/contact', body);
}
