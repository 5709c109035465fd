import type { ContentSummary } from '@openbourse/contracts/content.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Content types (packages/contracts CONTENT_TYPES), repeated here as types only to keep zod out of the shell. */
export type ContentTypeCode = 1 | 2 | 3 | 4 | 5;

export async function listContents(type: ContentTypeCode, signal?: AbortSignal): Promise<ContentSummary[]> {
  const { result } = await api.get<ContentSummary[]>(`index/listContents/${type}`, { signal });
  return result ?? [];
}

export const contentListQuery = (type: ContentTypeCode, lang: Language) =>
  queryOptions({
    queryKey: queryKeys.contentList(type, lang),
    queryFn: ({ signal }) => listContents(type, signal),
    staleTime: 10 * 60_000,
  });

/** The items of one type in the current language (the key includes it, so a switch refetches). */
export function useContentList(type: ContentTypeCode) {
  const lang = useSession((s) => s.language);
  return useQuery(contentListQuery(type, lang));
}

export function detailPath(item: Pick<ContentSummary, 'id' | 'title'>): string {
  return `/detail?id=${item.id}&title=${encodeURIComponent(item.title)}`;
}
