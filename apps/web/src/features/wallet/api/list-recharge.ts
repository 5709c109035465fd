import type { ListRechargeResult } from '@openbourse/contracts/funding.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const DEPOSITS_PAGE_SIZE = 10;

/** Deposits belong to the real account whatever mode is shown: the key carries no account mode. */
export const depositKeys = { list: [...queryKeys.deposits, 'list'] as const };

export function listRecharge(page: number, size: number, signal?: AbortSignal) {
  return api.get<ListRechargeResult>('user/listRecharge', { query: { page, size }, signal });
}

/** The user's declared deposits, newest first, a page at a time. */
export function useDeposits(size = DEPOSITS_PAGE_SIZE) {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...depositKeys.list, token, size],
    queryFn: async ({ pageParam, signal }) => (await listRecharge(pageParam, size, signal)).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
