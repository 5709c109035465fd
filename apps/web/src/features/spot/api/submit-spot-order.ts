import type { SpotOrder, SpotSubmitRequest } from '@openbourse/contracts/spot.ts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';

/** After an order, a cancel or a fill: the user's orders and balances have changed (so may the pairs' 24 h figures). */
export function invalidateSpotAccount(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.spotOrders }),
    client.invalidateQueries({ queryKey: queryKeys.balances }),
    client.invalidateQueries({ queryKey: queryKeys.spotPairsAll }),
  ]);
}

/** order/submit: answered with msgCode 20004 once the order and its trades are durable. */
export function useSubmitSpotOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SpotSubmitRequest) => (await api.post<SpotOrder>('order/submit', body)).result,
    onSettled: () => invalidateSpotAccount(client),
  });
}
