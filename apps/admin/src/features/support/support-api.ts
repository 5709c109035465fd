/** The support inbox's calls (packages/contracts/src/support.ts, `/swx/admin/support/…`). */
import type {
  CannedRepliesResult,
  CannedReply,
  CannedReplyRequest,
  SupportAgentsResult,
  SupportConversationDetail,
  SupportInboxItem,
  SupportInboxPage,
  SupportInboxQuery,
  SupportMessage,
  SupportMessagePage,
  SupportNote,
  SupportStats,
  SupportUserContext,
} from '@openbourse/contracts/support.ts';
import { ApiError, api, errorText } from '@/shared/api';
import { sessionStore } from '@/shared/session';

export type InboxFilter = NonNullable<SupportInboxQuery['filter']>;

export const supportKeys = {
  all: ['support'] as const,
  inbox: (filter: InboxFilter, page: number) => ['support', 'inbox', filter, page] as const,
  inboxAll: ['support', 'inbox'] as const,
  detail: (id: number) => ['support', 'conversation', id] as const,
  older: (id: number) => ['support', 'conversation', id, 'older'] as const,
  context: (id: number) => ['support', 'context', id] as const,
  stats: ['support', 'stats'] as const,
  agents: ['support', 'agents'] as const,
  canned: ['support', 'canned'] as const,
};

export const INBOX_PAGE_SIZE = 20;
const base = 'support/conversations';

export const getInbox = async (filter: InboxFilter, page: number) =>
  (await api.get<SupportInboxPage>(base, { query: { filter, page, size: INBOX_PAGE_SIZE } })).result;
export const getConversation = async (id: number) => (await api.get<SupportConversationDetail>(`${base}/${id}`)).result;
export const getOlderMessages = async (id: number, page: number) =>
  (await api.get<SupportMessagePage>(`${base}/${id}/messages`, { query: { page, size: 50 } })).result;
export const getContext = async (id: number) => (await api.get<SupportUserContext>(`${base}/${id}/context`)).result;
export const reply = async (id: number, text: string) =>
  (await api.post<SupportMessage>(`${base}/${id}/reply`, { text })).result;
export const addNote = async (id: number, text: string) =>
  (await api.post<SupportNote>(`${base}/${id}/notes`, { text })).result;
/** `agentId` undefined: to me; null: nobody. */
export const assign = async (id: number, agentId?: number | null) =>
  (await api.post<SupportInboxItem>(`${base}/${id}/assign`, agentId === undefined ? {} : { agentId })).result;
export const closeConversation = async (id: number) => (await api.post<SupportInboxItem>(`${base}/${id}/close`)).result;
export const reopenConversation = async (id: number) =>
  (await api.post<SupportInboxItem>(`${base}/${id}/reopen`)).result;
export const markConversationRead = async (id: number) => {
  await api.post(`${base}/${id}/read`);
};
export const sendAgentTyping = async (id: number) => {
  await api.post(`${base}/${id}/typing`);
};
export const getStats = async () => (await api.get<SupportStats>('support/stats', { query: { days: 30 } })).result;
export const getAgents = async () => (await api.get<SupportAgentsResult>('support/agents')).result.list;
export const getCanned = async () => (await api.get<CannedRepliesResult>('support/canned')).result.list;
/** PUT and DELETE, which the shared client does not make: the same envelope, token and texts. */
async function call<T>(method: 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await globalThis.fetch(`/swx/admin/${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        lang: 'en',
        ...(token ? { Authorization: token } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, errorText('unknown'), 'network');
  }
  const envelope = (await response.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    result?: T;
    field?: string;
  } | null;
  const code = envelope?.code ?? response.status;
  if (code === 401) {
    sessionStore.set(null);
    throw new ApiError(401, errorText(401), 'unauthorized');
  }
  if (code !== 200) throw new ApiError(code, envelope?.msg?.trim() || errorText(code), 'server', envelope?.field);
  return envelope?.result as T;
}

export const saveCanned = async (id: number | null, body: CannedReplyRequest) =>
  id === null
    ? (await api.post<CannedReply>('support/canned', body)).result
    : await call<CannedReply>('PUT', `support/canned/${id}`, body);
export const deleteCanned = async (id: number) => {
  await call<null>('DELETE', `support/canned/${id}`);
};

/** A duration as the figures show it: "45 s", "12 min", "3.5 h". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/** A canned reply's text in the customer's language (English when it has none). */
export function cannedIn(reply: CannedReply, language: string, field: 'title' | 'text' = 'text'): string {
  return reply[field][language] ?? reply[field].en ?? '';
}
