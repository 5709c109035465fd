import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export async function listSpotPairs(signal?: AbortSignal): Promise<SpotPair[]> {
  const { result } = await api.get<SpotPair[]>('index/listSpotPair', { signal });
  return result ?? [];
}

/** The pairs with their last 24 hours; of the account mode's books (real and demo trade apart). */
export function useSpotPairs() {
  const mode = useSession((s) => s.accountMode);
  return useQuery({
    queryKey: queryKeys.spotPairs(mode),
    queryFn: ({ signal }) => listSpotPairs(signal),
    staleTime: 10_000,
    // Switching demo/real keeps the pair's view on screen (its book is read again) while the list is.
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
