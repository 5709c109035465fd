import type {
  BuyOptionsRequest,
  ListOptionSeriesResult,
  ListOptionsOrderResult,
  OptionOrder,
  OptionQuote,
  OptionQuoteRequest,
  OptionStatus,
} from '@openbourse/contracts/options.ts';
import type { RecordedTick } from '@openbourse/contracts/market.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { serverNow } from '@/shared/lib/server-clock';

/** The options of one instrument (public): its periods, limits and the live volatility. */
export function useOptionSeries(instrumentId: number) {
  return useQuery({
    queryKey: ['options', 'series', instrumentId],
    queryFn: async ({ signal }) =>
      (await api.get<ListOptionSeriesResult>('index/listOptions', { query: { instrumentId }, signal })).result.list,
    staleTime: 15_000,
    // σ moves with the market: the ticket states the one the next quote will use.
    refetchInterval: 60_000,
  });
}

/** Account data: keyed by account mode and token, so switching demo/real refetches. */
function useAccountKey() {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return { mode, token, enabled: Boolean(token) };
}

export function useQuoteOptions() {
  return useMutation({
    mutationFn: async (body: OptionQuoteRequest) => (await api.post<OptionQuote>('order/quoteOptions', body)).result,
  });
}

export function useBuyOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyOptionsRequest) => api.post<OptionOrder>('order/buyOptions', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['options', 'orders'] });
      void client.invalidateQueries({ queryKey: queryKeys.balances });
    },
  });
}

export const OPTIONS_PAGE_SIZE = 20;
/** While an open option has passed its expiry, how often to ask whether it has settled. */
export const SETTLING_POLL_MS = 2_000;
const OPEN_POLL_MS = 10_000;

/**
 * The user's open options, newest first. Polled every few seconds once one of them has passed its
 * expiry (the settle job runs on the first recorded tick at or after it), slower otherwise.
 */
export function useOpenOptions(now: () => number = serverNow) {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['options', 'orders', 'open', mode, token],
    queryFn: async ({ signal }) =>
      (
        await api.get<ListOptionsOrderResult>('order/listOptionsOrder', {
          query: { status: 'open' satisfies OptionStatus, page: 1, size: 50 },
          signal,
        })
      ).result,
    enabled,
    refetchInterval: (query) => {
      const list = query.state.data?.list ?? [];
      if (list.length === 0) return false;
      return list.some((o) => o.expiresAt <= now()) ? SETTLING_POLL_MS : OPEN_POLL_MS;
    },
  });
}

/** Settled options, newest settled first, a page at a time. */
export function useSettledOptions(size = OPTIONS_PAGE_SIZE) {
  const { mode, token, enabled } = useAccountKey();
  const query = useInfiniteQuery({
    queryKey: ['options', 'orders', 'settled', mode, token, size],
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ListOptionsOrderResult>('order/listOptionsOrder', {
          query: { status: 'settled' satisfies OptionStatus, page: pageParam, size },
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

export function useOptionOrder(id: number) {
  const { mode, token, enabled } = useAccountKey();
  return useQuery({
    queryKey: ['options', 'orders', 'one', mode, token, id],
    queryFn: async ({ signal }) => (await api.get<OptionOrder>(`order/getOptionsOrderById/${id}`, { signal })).result,
    enabled,
    refetchInterval: (query) => {
      const o = query.state.data;
      if (o?.status !== 'open') return false;
      return o.expiresAt <= serverNow() ? SETTLING_POLL_MS : OPEN_POLL_MS;
    },
  });
}

/** A recorded tick by id (the strike's or the settlement's). Ticks never change: cached for good. */
export function useRecordedTick(id: number | null) {
  return useQuery({
    queryKey: ['market', 'tick', id],
    queryFn: async ({ signal }) => (await api.get<RecordedTick>(`index/getTick/${id}`, { signal })).result,
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
