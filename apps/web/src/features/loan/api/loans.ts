import type { ApproveBackRequest, LoanApplyRequest, LoanRecord } from '@openbourse/contracts/loan.ts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage, type Page } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const LOANS_PAGE_SIZE = 10;

/** The user's loans, newest first, a page at a time (user/listLoanRecord). */
export function useLoanRecords() {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: queryKeys.loanRecords(token),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<Page<LoanRecord>>('user/listLoanRecord', {
          query: { page: pageParam, size: LOANS_PAGE_SIZE },
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    // Interest accrues once a day and a reviewer decides at any time: looked at again now and then.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}

function useAfterLoanChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.loans });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
  };
}

/** Applies for a loan with the signed agreement (msgCode 20001: its text is the success toast). */
export function useApplyLoan() {
  const changed = useAfterLoanChange();
  return useMutation({
    mutationFn: (body: LoanApplyRequest) => api.post<LoanRecord>('user/loan', body),
    onSuccess: changed,
  });
}

/** Repays a loan in full: its principal and the interest accrued so far (user/approveBack). */
export function useRepayLoan() {
  const changed = useAfterLoanChange();
  return useMutation({
    mutationFn: (body: ApproveBackRequest) => api.post<LoanRecord>('user/approveBack', body),
    onSuccess: changed,
  });
}
