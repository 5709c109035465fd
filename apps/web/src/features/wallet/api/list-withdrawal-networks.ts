import type { ListWithdrawalNetworksResult } from '@openbourse/contracts/funding.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export function listWithdrawalNetworks(signal?: AbortSignal) {
  return api.get<ListWithdrawalNetworksResult>('user/listWithdrawalNetworks', { signal });
}

/** The coins and networks withdrawals are paid on (BANK: bank payouts), each with its fee rate and limits. */
export function useWithdrawalNetworks() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['withdrawals', 'networks', token],
    queryFn: async ({ signal }) => (await listWithdrawalNetworks(signal)).result.list,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
