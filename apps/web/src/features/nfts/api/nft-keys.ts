import type { Language } from '@openbourse/contracts/languages.ts';
import { queryKeys } from '@/shared/api/query-keys';

/** Charity NFTs' query keys: texts are in the language, `mine` depends on who is signed in. */
export const nftKeys = {
  all: queryKeys.nfts,
  list: (lang: Language, token: string | null, filter: string, collectionId: number | null) =>
    ['nfts', 'list', lang, token, filter, collectionId] as const,
  detail: (lang: Language, token: string | null, id: number) => ['nfts', 'detail', lang, token, id] as const,
  mine: (lang: Language, token: string | null, state: string) => ['nfts', 'mine', lang, token, state] as const,
};
