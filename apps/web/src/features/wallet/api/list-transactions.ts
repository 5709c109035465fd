import type { ListTransactionsResult, TransactionType } from '@openbourse/contracts/wallet.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** `balance`: only the movements that change the total (margin held and released left out). */
export type TransactionMoves = 'all' | 'balance';

/** What the record is narrowed to: a type, and a time range in epoch ms (from inclusive, to exclusive). */
export interface TransactionFilter {
  moves: TransactionMoves;
  type?: TransactionType | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The filter as query parameters (absent ones left out). */
export const filterQuery = (f: TransactionFilter) => ({
  moves: f.moves,
  ...(f.type ? { type: f.type } : {}),
  ...(f.from !== undefined ? { from: f.from } : {}),
  ...(f.to !== undefined ? { to: f.to } : {}),
});

export function listTransactions(page: number, size: number, filter: TransactionFilter, signal?: AbortSignal) {
  return api.get<ListTransactionsResult>('user/listTransactions', {
    query: { page, size, ...filterQuery(filter) },
    signal,
  });
}

/**
 * The transaction record of the current account mode, newest first, a page at a time. The key
 * sits under the balances' prefix: whatever makes balances stale (an order action, a mode switch,
 * logging in or out) makes the record stale too.
 */
export function useTransactions(filter: TransactionFilter = { moves: 'balance' }, size = TRANSACTIONS_PAGE_SIZE) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.balances, 'transactions', mode, token, filterQuery(filter), size],
    queryFn: async ({ pageParam, signal }) => (await listTransactions(pageParam, size, filter, signal)).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
