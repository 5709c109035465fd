import type { SpotTrade } from '@openbourse/contracts/spot.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export async function listSpotTrades(pairId: number, signal?: AbortSignal): Promise<SpotTrade[]> {
  const { result } = await api.get<SpotTrade[]>('index/listSpotTrade', { query: { pairId }, signal });
  return result ?? [];
}

/** The book's latest trades, newest first; the pushes add to this cache entry (use-spot-book.ts). */
export function useSpotTrades(pairId: number) {
  const mode = useSession((s) => s.accountMode);
  return useQuery({
    queryKey: queryKeys.spotTrades(pairId, mode),
    queryFn: ({ signal }) => listSpotTrades(pairId, signal),
    staleTime: 5_000,
    // A backstop for a feed that is down: the pushes keep it current in between.
    refetchInterval: 30_000,
  });
}
