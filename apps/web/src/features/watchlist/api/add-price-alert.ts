import type { AddPriceAlertRequest, PriceAlert } from '@openbourse/contracts/watchlist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { alertKeys } from './alert-keys';

export function addPriceAlert(body: AddPriceAlertRequest) {
  return api.post<PriceAlert>('user/addPriceAlert', body);
}

/** Sets an alert; the list is fetched again. */
export function useAddPriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddPriceAlertRequest) => (await addPriceAlert(body)).result,
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
