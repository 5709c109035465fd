import type { WithdrawalQuote, WithdrawalQuoteQuery } from '@openbourse/contracts/funding.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The quote reads the real balance and today's withdrawals: both change with a withdrawal. */
export const quoteKeys = { all: ['withdrawals', 'quote'] as const };

export function withdrawalQuote(query: WithdrawalQuoteQuery, signal?: AbortSignal) {
  return api.get<WithdrawalQuote>('user/withdrawalQuote', { query: { ...query }, signal });
}

/**
 * What a withdrawal of `amount` would cost (fee, total held, amount received) and what is left of
 * today's limit and the balance; without an amount, only the network's terms and the balance.
 */
export function useWithdrawalQuote(query: WithdrawalQuoteQuery | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...quoteKeys.all, token, query],
    queryFn: async ({ signal }) => (await withdrawalQuote(query as WithdrawalQuoteQuery, signal)).result,
    enabled: Boolean(token && query),
    // Typing an amount keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
