import type { ListTransactionsResult } from '@openbourse/contracts/wallet.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** `balance`: only the movements that change the total (margin held and released left out). */
export type TransactionMoves = 'all' | 'balance';

export function listTransactions(page: number, size: number, moves: TransactionMoves, signal?: AbortSignal) {
  return api.get<ListTransactionsResult>('user/listTransactions', { query: { page, size, moves }, signal });
}

/**
 * The transaction record of the current account mode, newest first, a page at a time. The key
 * sits under the balances' prefix: whatever makes balances stale (an order action, a mode switch,
 * logging in or out) makes the record stale too.
 */
export function useTransactions(moves: TransactionMoves = 'balance', size = TRANSACTIONS_PAGE_SIZE) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.balances, 'transactions', mode, token, moves, size],
    queryFn: async ({ pageParam, signal }) => (await listTransactions(pageParam, size, moves, signal)).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
