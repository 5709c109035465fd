import type { PriceAlertsResult } from '@openbourse/contracts/watchlist.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/shared/lib/api-client';
import { onLiveChannel } from '@/shared/lib/live-feed';
import { useSession } from '@/shared/session/use-session';
import { alertKeys } from './alert-keys';

export function listPriceAlerts(signal?: AbortSignal) {
  return api.get<PriceAlertsResult>('user/listPriceAlert', { signal });
}

/**
 * The user's price alerts, waiting and fired. A fired alert arrives as a notification: each
 * notification push on the live feed fetches the list again, so it moves to "fired" at once.
 */
export function usePriceAlerts() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return onLiveChannel('notifications', () => void client.invalidateQueries({ queryKey: alertKeys.all }));
  }, [client, token]);
  return useQuery({
    queryKey: alertKeys.list(token),
    queryFn: async ({ signal }) => (await listPriceAlerts(signal)).result,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
}
