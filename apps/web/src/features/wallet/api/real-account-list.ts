import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Deposits and withdrawals are listed ten at a time. */
export const FUNDING_PAGE_SIZE = 10;

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * A list of the real account's records (deposits, withdrawals), newest first, a page at a time.
 * They belong to the real account whatever mode is shown, so the key carries no account mode.
 */
export function useRealAccountList<T extends { id: number }>(
  key: readonly unknown[],
  path: string,
  size = FUNDING_PAGE_SIZE,
) {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...key, token, size],
    queryFn: async ({ pageParam, signal }) =>
      (await api.get<Page<T>>(path, { query: { page: pageParam, size }, signal })).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
