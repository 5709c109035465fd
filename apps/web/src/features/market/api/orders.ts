import type {
  BuyURequest,
  CloseUResult,
  ListUOrderResult,
  MarginAccount,
  OrderPreview,
  UOrder,
  UOrderDetail,
  UpdateURequest,
} from '@openbourse/contracts/trading.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Account data: keyed by account mode and token, so switching demo/real refetches. */
function useAccountKey() {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return { mode, token, enabled: Boolean(token) };
}

export const ORDER_LIST_STATUS = { pending: 1, open: 2, closed: 3, cancelled: 4 } as const;

export function previewOrder(body: BuyURequest, signal?: AbortSignal) {
  return api.post<OrderPreview>('order/previewU', body, { signal });
}

export function usePreview(body: BuyURequest | null) {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['orders', 'preview', mode, token, body],
    queryFn: async ({ signal }) => (await previewOrder(body as BuyURequest, signal)).result,
    enabled: enabled && body !== null,
    staleTime: 2_000,
    retry: false,
  });
}

export function useOrderList(status: number, size = 50) {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['orders', 'list', mode, token, status, size],
    queryFn: async ({ signal }) =>
      (await api.get<ListUOrderResult>('order/listUOrder', { query: { status, page: 1, size }, signal })).result,
    enabled,
    refetchInterval: status === ORDER_LIST_STATUS.open || status === ORDER_LIST_STATUS.pending ? 5_000 : 10_000,
  });
}

export const HISTORY_PAGE_SIZE = 20;

/**
 * Closed and cancelled orders together, newest ended first, a page at a time: one list the server
 * pages through (status=3&status=4), so "load more" reaches the oldest order of either kind.
 */
export function useOrderHistory(size = HISTORY_PAGE_SIZE) {
  const { mode, token, enabled } = useAccountKey();
  const query = useInfiniteQuery({
    queryKey: ['orders', 'history', mode, token, size],
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ListUOrderResult>('order/listUOrder', {
          query: { status: [ORDER_LIST_STATUS.closed, ORDER_LIST_STATUS.cancelled], page: pageParam, size },
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}

export function useOrderDetail(id: number | null) {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['orders', 'detail', mode, token, id],
    queryFn: async ({ signal }) => (await api.get<UOrderDetail>(`order/getUOrderById/${id}`, { signal })).result,
    enabled: enabled && id !== null,
  });
}

export function useMarginAccount() {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['orders', 'margin-account', mode, token],
    queryFn: async ({ signal }) => (await api.get<MarginAccount>('order/getMarginAccount', { signal })).result,
    enabled,
    refetchInterval: 5_000,
  });
}

/** After any order action: lists, account figures and balances are stale. */
function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['orders'] });
    void client.invalidateQueries({ queryKey: ['balances'] });
  };
}

export function usePlaceOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BuyURequest) => api.post<UOrder>('order/buyU', body),
    onSuccess: invalidate,
  });
}

export function useCloseOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; lots?: string }) => api.post<CloseUResult>('order/stopU', body),
    onSuccess: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<UOrder>('order/chedan', { id }),
    onSuccess: invalidate,
  });
}

export function useUpdateOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateURequest) => api.post<UOrder>('order/updateU', body),
    onSuccess: invalidate,
  });
}
