import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveChannel } from '@/shared/lib/live-feed';
import { invalidateSpotAccount } from '../api/submit-spot-order';

/**
 * `{"ch":"spot.orders"}` on a signed-in socket: the user's spot orders or balances changed (a fill of
 * a resting order, a cancel elsewhere). The lists and balances are read again at once.
 */
export function useSpotOrderPush(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onLiveChannel('spot.orders', () => void invalidateSpotAccount(client));
  }, [client, enabled]);
}
