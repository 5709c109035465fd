import type { Language } from '@openbourse/contracts/languages.ts';

/**
 * The notifications' query keys. The list's texts are rendered by the server in the request's
 * language, so its key holds the language; both hold the token (another user, other data).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (token: string | null) => ['notifications', 'unread', token] as const,
  lists: ['notifications', 'list'] as const,
  list: (token: string | null, lang: Language, size: number) => ['notifications', 'list', token, lang, size] as const,
};
