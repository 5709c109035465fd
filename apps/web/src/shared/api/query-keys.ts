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
  /** Spot books are per account mode (real and demo have books of their own), so every key has it. */
  spot: ['spot'] as const,
  spotPairsAll: ['spot', 'pairs'] as const,
  spotPairs: (mode: AccountMode) => ['spot', 'pairs', mode] as const,
  spotDepth: (pairId: number, mode: AccountMode) => ['spot', 'depth', pairId, mode] as const,
  spotTrades: (pairId: number, mode: AccountMode) => ['spot', 'trades', pairId, mode] as const,
  /** The user's spot orders (lists and single orders): a `spot.orders` push invalidates them all. */
  spotOrders: ['spot', 'orders'] as const,
  spotOrderList: (mode: AccountMode, token: string | null, pairId: number, status: number) =>
    ['spot', 'orders', 'list', mode, token, pairId, status] as const,
  spotOrderHistory: (mode: AccountMode, token: string | null, pairId: number) =>
    ['spot', 'orders', 'history', mode, token, pairId] as const,
  spotOrder: (mode: AccountMode, token: string | null, id: number) =>
    ['spot', 'orders', 'one', mode, token, id] as const,
  /** The user's identity verification (a reviewer's decision arrives as a notification). */
  kyc: ['kyc'] as const,
  kycView: (token: string | null) => ['kyc', 'view', token] as const,
  /** Loan products (public, named in the language) and the user's loans. */
  loans: ['loans'] as const,
  loanProducts: (lang: Language) => ['loans', 'products', lang] as const,
  loanRecords: (token: string | null) => ['loans', 'records', token] as const,
  /** Charity NFTs: every list, item and my NFTs (features/nfts/api/nft-keys). */
  nfts: ['nfts'] as const,
};
