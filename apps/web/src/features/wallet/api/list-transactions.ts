import type { ListTransactionsResult, Transaction } from '@openbourse/contracts/wallet.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const TRANSACTIONS_PAGE_SIZE = 20;

export function listTransactions(page: number, size: number, signal?: AbortSignal) {
  return api.get<ListTransactionsResult>('user/listTransactions', { query: { page, size }, signal });
}

/**
 * The transaction record of the current account mode, newest first, a page at a time. The key
 * sits under the balances' prefix: whatever makes balances stale (an order action, a mode switch,
 * logging in or out) makes the record stale too.
 */
export function useTransactions(size = TRANSACTIONS_PAGE_SIZE) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.balances, 'transactions', mode, token, size],
    queryFn: async ({ pageParam, signal }) => (await listTransactions(pageParam, size, signal)).result,
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.list.length > 0 && last.page * last.size < last.total ? last.page + 1 : undefined,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const rows = useMemo(() => flatten(query.data?.pages), [query.data]);
  return { ...query, rows };
}

/**
 * New movements shift the pages while the user reads, so a later page may repeat a row the one
 * before it ended with: each transfer id is shown once.
 */
function flatten(pages: readonly ListTransactionsResult[] | undefined): Transaction[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const rows: Transaction[] = [];
  for (const page of pages) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
