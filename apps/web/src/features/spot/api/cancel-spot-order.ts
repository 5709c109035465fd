import type { SpotOrder } from '@openbourse/contracts/spot.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { invalidateSpotAccount } from './submit-spot-order';

/** order/chedan of a spot order: the rest of it is cancelled and its hold released. */
export function useCancelSpotOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<SpotOrder>('order/chedan', { id, kind: 'spot' })).result,
    onSettled: () => invalidateSpotAccount(client),
  });
}
