import type { HomeStats } from '@openbourse/contracts/content.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';

export async function getHomeStats(signal?: AbortSignal): Promise<HomeStats> {
  const { result } = await api.get<HomeStats>('index/getHomeStats', { signal });
  return result;
}

export const homeStatsQuery = queryOptions({
  queryKey: queryKeys.homeStats,
  queryFn: ({ signal }) => getHomeStats(signal),
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

export function useHomeStats() {
  return useQuery(homeStatsQuery);
}
