import type {
  Exchange,
  ExchangeConfirmRequest,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ListExchangeResult,
} from '@openbourse/contracts/exchange.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '@/shared/api/query-keys';
import { nextPage } from '@/shared/api/paged';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The account's exchanges: the list follows the account mode, as the exchanges do. */
export const exchangeKeys = { list: ['exchanges', 'list'] as const };

export const EXCHANGE_PAGE_SIZE = 10;

/** A quote of converting `amount` of `from` into `to` (user/dh/quote), to be confirmed before it expires. */
export function useExchangeQuote() {
  return useMutation({
    mutationFn: async (body: ExchangeQuoteRequest) => (await api.post<ExchangeQuote>('user/dh/quote', body)).result,
  });
}

/** Confirms a quote (user/dh); the balances and the list are fetched again. */
export function useConfirmExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExchangeConfirmRequest) => (await api.post<Exchange>('user/dh', body)).result,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.balances }),
        client.invalidateQueries({ queryKey: exchangeKeys.list }),
      ]),
  });
}

/** The exchanges of the current account, newest first, a page at a time (user/dh/list). */
export function useExchanges() {
  const token = useSession((s) => s.token);
  const mode = useSession((s) => s.accountMode);
  const query = useInfiniteQuery({
    queryKey: [...exchangeKeys.list, mode, token],
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ListExchangeResult>('user/dh/list', {
          query: { page: pageParam, size: EXCHANGE_PAGE_SIZE },
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  // Each exchange once (a new one shifts the pages under a reader), by its quote id.
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((p) =>
      p.list.filter((row) => !seen.has(row.quoteId) && Boolean(seen.add(row.quoteId))),
    );
  }, [query.data]);
  return { ...query, rows };
}

interface MarketQuote {
  code: string;
  type: number;
}

/**
 * The currencies an exchange can price: USDT and every coin with a USDT market in the crypto list
 * (the server prices each from its `<COIN>USDT` market's recorded tick).
 */
export function useExchangeCurrencies() {
  const query = useQuery({
    queryKey: ['market', 'list', 2],
    queryFn: async ({ signal }) =>
      (await api.get<MarketQuote[]>('index/listMarketByType', { query: { type: 2 }, signal })).result ?? [],
    staleTime: 30_000,
  });
  const currencies = useMemo(() => {
    const coins = (query.data ?? [])
      .map((q) => q.code)
      .filter((code) => code.endsWith('USDT') && code.length > 4)
      .map((code) => code.slice(0, -4));
    return ['USDT', ...new Set(coins)];
  }, [query.data]);
  return { ...query, currencies };
}
