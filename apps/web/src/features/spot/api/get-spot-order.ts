import type { SpotOrder } from '@openbourse/contracts/spot.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export async function getSpotOrder(id: number, signal?: AbortSignal): Promise<SpotOrder> {
  const { result } = await api.get<SpotOrder>(`order/getBbOrderById/${id}`, { signal });
  return result;
}

/** One order with its fills (order/getBbOrderById), fetched when `id` is given. */
export function useSpotOrder(id: number | null) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.spotOrder(mode, token, id ?? 0),
    queryFn: ({ signal }) => getSpotOrder(id ?? 0, signal),
    enabled: Boolean(token) && id !== null,
  });
}
