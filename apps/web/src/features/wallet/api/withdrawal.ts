import type { Withdrawal, WithdrawalRequest } from '@openbourse/contracts/funding.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { withdrawalKeys } from './list-withdrawal';
import { quoteKeys } from './withdrawal-quote';

/** Asks for a withdrawal (msgCode 20003: its text is the success toast). */
export function withdraw(body: WithdrawalRequest) {
  return api.post<Withdrawal>('user/withdrawal', body);
}

/** Asks for a withdrawal; the list, the quote (balance, today's limit) and the balances are fetched again. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: withdrawalKeys.list }),
        client.invalidateQueries({ queryKey: quoteKeys.all }),
        client.invalidateQueries({ queryKey: queryKeys.balances }),
      ]),
  });
}
