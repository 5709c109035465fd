import type { HelpSearchResult } from '@openbourse/contracts/content.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The help centre search's bound (contracts HELP_QUERY_MAX, repeated to keep zod out of this chunk). */
export const HELP_QUERY_MAX = 64;
export const HELP_PAGE_SIZE = 10;

/** The query as sent: trimmed, at most HELP_QUERY_MAX characters ('' means no search). */
export const helpQuery = (q: string) => [...q.trim()].slice(0, HELP_QUERY_MAX).join('');

export async function searchHelp(q: string, page: number, signal?: AbortSignal): Promise<HelpSearchResult> {
  const { result } = await api.get<HelpSearchResult>('index/searchHelp', {
    signal,
    query: { q, page, size: HELP_PAGE_SIZE },
  });
  return result;
}

/** FAQ and notices matching `q` in the current language; idle while `q` is empty. */
export function useHelpSearch(q: string, page: number) {
  const lang = useSession((s) => s.language);
  const query = helpQuery(q);
  return useQuery({
    queryKey: [...queryKeys.content, 'search', lang, query, page],
    queryFn: ({ signal }) => searchHelp(query, page, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
