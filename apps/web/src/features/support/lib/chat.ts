import { SUPPORT_TEXT_MAX } from '@openbourse/contracts/support.ts';

/**
 * The chat's state rules, apart from React: the messages as shown (the server's, oldest first, then
 * the ones still being sent), merging pages and pushes without duplicates, and the read marks.
 */

/** A message as the chat shows it (the contract's message, or one being sent). */
export interface ChatMessage {
  /** Stable across the optimistic copy and the server's: the client id when the user sent it. */
  key: string;
  /** The server's id; null while it is being sent. */
  id: number | null;
  mine: boolean;
  text: string;
  imageUrl: string | null;
  createdAt: number;
  /** The agent's display name for an answer. */
  author: string | null;
  status: 'sending' | 'failed' | 'sent' | 'read';
}

/** The longest message the composer takes (the server refuses longer ones too). */
export const MESSAGE_MAX = SUPPORT_TEXT_MAX;
/** The counter shows from this many characters on. */
export const COUNTER_FROM = 1800;

/** Merges messages by key (a later copy wins: the server's replaces the optimistic one), oldest first. */
export function mergeMessages(...groups: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byKey = new Map<string, ChatMessage>();
  for (const group of groups) for (const m of group) byKey.set(m.key, m);
  return [...byKey.values()].sort(compareMessages);
}

function compareMessages(a: ChatMessage, b: ChatMessage): number {
  // Sent ones by id (the server's order); those being sent after them, by the time they were written.
  if (a.id !== null && b.id !== null) return a.id - b.id;
  if (a.id === null && b.id === null) return a.createdAt - b.createdAt;
  return a.id === null ? 1 : -1;
}

/** Marks the user's messages up to `upToId` as read by support. */
export function markReadUpTo(messages: readonly ChatMessage[], upToId: number): ChatMessage[] {
  return messages.map((m) =>
    m.mine && m.id !== null && m.id <= upToId && m.status === 'sent' ? { ...m, status: 'read' } : m,
  );
}

/** The newest message from support (what the user's "read" covers). */
export function lastTheirsId(messages: readonly ChatMessage[]): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (!m.mine && m.id !== null) return m.id;
  }
  return null;
}

/** What the composer may send: trimmed text within the limit, or an image alone. */
export function canSend(text: string, hasImage: boolean): boolean {
  const trimmed = text.trim();
  return (trimmed.length > 0 || hasImage) && text.length <= MESSAGE_MAX;
}

/** The characters left, when it is worth showing (near the limit), else null. */
export function charactersLeft(text: string): number | null {
  return text.length >= COUNTER_FROM ? MESSAGE_MAX - text.length : null;
}

let sequence = 0;
/** A client id for a message being sent (kept by the server so a retry is not sent twice). */
export function newClientId(now = Date.now(), random = Math.random): string {
  sequence += 1;
  return `c${now.toString(36)}${sequence.toString(36)}${Math.floor(random() * 1e8).toString(36)}`;
}

/** Whether two messages fall on different days (a day divider goes between them). */
export function newDay(previous: ChatMessage | undefined, message: ChatMessage): boolean {
  if (!previous) return true;
  return new Date(previous.createdAt).toDateString() !== new Date(message.createdAt).toDateString();
}
