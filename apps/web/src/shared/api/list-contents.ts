import type { ContentSummary } from '@openbourse/contracts/content.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Content types (packages/contracts CONTENT_TYPES), repeated here as types only to keep zod out of the shell. */
export type ContentTypeCode = 1 | 2 | 3 | 4 | 5;

/** The spec's content list type (§2, §9): 1 for Chinese, 2 for every other language. */
export const contentListType = (lang: Language): 1 | 2 => (lang === 'zh' ? 1 : 2);

/** Every footer item (types 1–3, each with its type), or only the items of `itemType`. */
export async function listContents(
  lang: Language,
  itemType?: ContentTypeCode,
  signal?: AbortSignal,
): Promise<ContentSummary[]> {
  const { result } = await api.get<ContentSummary[]>(`index/listContents/${contentListType(lang)}`, {
    signal,
    ...(itemType ? { query: { itemType } } : {}),
  });
  return result ?? [];
}

/** The footer's items (one call for all three groups). */
export const footerContentQuery = (lang: Language) =>
  queryOptions({
    queryKey: queryKeys.contentList('footer', lang),
    queryFn: ({ signal }) => listContents(lang, undefined, signal),
    staleTime: 10 * 60_000,
  });

export const contentListQuery = (type: ContentTypeCode, lang: Language) =>
  queryOptions({
    queryKey: queryKeys.contentList(type, lang),
    queryFn: ({ signal }) => listContents(lang, type, signal),
    staleTime: 10 * 60_000,
  });

/** The items of one type in the current language (the key includes it, so a switch refetches). */
export function useContentList(type: ContentTypeCode) {
  const lang = useSession((s) => s.language);
  return useQuery(contentListQuery(type, lang));
}

/** Every footer item in the current language. */
export function useFooterContent() {
  const lang = useSession((s) => s.language);
  return useQuery(footerContentQuery(lang));
}

export function detailPath(item: Pick<ContentSummary, 'id' | 'title'>): string {
  return `/detail?id=${item.id}&title=${encodeURIComponent(item.title)}`;
}
