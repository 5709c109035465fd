import { SPOT_STATUS, type SpotOrderList } from '@openbourse/contracts/spot.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export { SPOT_STATUS };

export async function listSpotOrders(
  query: { pairId: number; status: number; page: number; size: number },
  signal?: AbortSignal,
): Promise<SpotOrderList> {
  const { result } = await api.get<SpotOrderList>('order/listBbOrder', { query, signal });
  return result;
}

export const OPEN_ORDERS_SIZE = 100;
export const SPOT_HISTORY_PAGE_SIZE = 20;

/**
 * The user's waiting orders on a pair (partly filled ones included) and their holdings of its two
 * currencies, of the account mode. A `spot.orders` push refetches it; the poll is a backstop.
 */
export function useOpenSpotOrders(pairId: number) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.spotOrderList(mode, token, pairId, SPOT_STATUS.waiting),
    queryFn: ({ signal }) =>
      listSpotOrders({ pairId, status: SPOT_STATUS.waiting, page: 1, size: OPEN_ORDERS_SIZE }, signal),
    enabled: Boolean(token),
    refetchInterval: 15_000,
  });
}

/** Filled or cancelled orders on a pair, newest first, a page at a time. */
export function useSpotOrderHistory(pairId: number, status: typeof SPOT_STATUS.filled | typeof SPOT_STATUS.cancelled) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.spotOrderHistory(mode, token, pairId), status],
    queryFn: ({ pageParam, signal }) =>
      listSpotOrders({ pairId, status, page: pageParam, size: SPOT_HISTORY_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
