import type { ListDepositNetworksResult } from '@openbourse/contracts/funding.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export function listDepositNetworks(signal?: AbortSignal) {
  return api.get<ListDepositNetworksResult>('user/listDepositNetworks', { signal });
}

/** The coins and networks the platform receives on, with each one's address (null: not yet) and minimum. */
export function useDepositNetworks() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['deposits', 'networks', token],
    queryFn: async ({ signal }) => (await listDepositNetworks(signal)).result.list,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
