import type {
  BuySmartRequest,
  ExitSmartRequest,
  ListSmartOrderResult,
  SmartPlan,
  SmartStatus,
} from '@openbourse/contracts/earn.ts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { smartKeys } from './smart-keys';

export const PLANS_PAGE_SIZE = 10;

/** The user's plans in one state, newest first, a page at a time (order/listSmartOrder, real account). */
export function useSmartPlans(status: SmartStatus) {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: smartKeys.planList(token, status),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ListSmartOrderResult>('order/listSmartOrder', {
          query: { status, page: pageParam, size: PLANS_PAGE_SIZE },
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    // A day's yield is paid by the job runner at its time: the figures are looked at again now and then.
    staleTime: 10_000,
    refetchInterval: status === 'earning' ? 30_000 : false,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}

/** After a plan is bought or ended: the plans, the balances and the treasury's figure all moved. */
function useAfterPlanChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: smartKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
  };
}

/** Buys a plan from the real account (msgCode 20004: its text is the success toast). */
export function useBuySmart() {
  const changed = useAfterPlanChange();
  return useMutation({
    mutationFn: (body: BuySmartRequest) => api.post<SmartPlan>('order/buySmart', body),
    onSuccess: changed,
  });
}

/** Ends an earning plan early: the principal less the penalty returns, the yields paid are kept. */
export function useExitSmart() {
  const changed = useAfterPlanChange();
  return useMutation({
    mutationFn: (body: ExitSmartRequest) => api.post<SmartPlan>('order/exitSmart', body),
    onSuccess: changed,
  });
}
