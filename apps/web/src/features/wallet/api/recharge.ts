import type { Deposit, RechargeRequest } from '@openbourse/contracts/funding.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { depositKeys } from './list-recharge';

/** Declares a deposit (msgCode 20002: its text is the success toast). */
export function recharge(body: RechargeRequest) {
  return api.post<Deposit>('user/recharge', body);
}

/** Declares a deposit; the list of deposits is fetched again. */
export function useRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recharge,
    onSuccess: () => client.invalidateQueries({ queryKey: depositKeys.list }),
  });
}
