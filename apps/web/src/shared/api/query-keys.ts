import type { Language } from '@openbourse/contracts/languages.ts';
import type { AccountMode } from '@/shared/session/session-store';

/**
 * Query keys in one place so one feature can invalidate another's data without importing it.
 * Keys of texts include the language, keys of account data include the account mode.
 */
export const queryKeys = {
  param: (key: string) => ['param', key] as const,
  userInfo: (token: string | null) => ['user', 'info', token] as const,
  user: ['user'] as const,
  balances: ['balances'] as const,
  balancesFor: (mode: AccountMode, token: string | null) => ['balances', mode, token] as const,
  /** The user's deposits and withdrawals (a reviewer's decision arrives as a notification). */
  deposits: ['deposits'] as const,
  withdrawals: ['withdrawals'] as const,
  content: ['content'] as const,
  contentList: (type: number | 'footer', lang: Language) => ['content', 'list', type, lang] as const,
  contentItem: (idOrSlug: number | string, lang: Language) => ['content', 'item', String(idOrSlug), lang] as const,
  areaCodes: (lang: Language) => ['area-codes', lang] as const,
  homeStats: ['home', 'stats'] as const,
};
