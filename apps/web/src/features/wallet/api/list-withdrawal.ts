import type { ListWithdrawalResult } from '@openbourse/contracts/funding.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** Withdrawals belong to the real account whatever mode is shown: the key carries no account mode. */
export const withdrawalKeys = { list: [...queryKeys.withdrawals, 'list'] as const };

/** The spec's call name, spelled as the spec spells it. */
export function listWithdrwal(page: number, size: number, signal?: AbortSignal) {
  return api.get<ListWithdrawalResult>('user/listWithdrwal', { query: { page, size }, signal });
}

/** The user's withdrawals, newest first, a page at a time. */
export function useWithdrawals(size = WITHDRAWALS_PAGE_SIZE) {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...withdrawalKeys.list, token, size],
    queryFn: async ({ pageParam, signal }) => (await listWithdrwal(pageParam, size, signal)).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
