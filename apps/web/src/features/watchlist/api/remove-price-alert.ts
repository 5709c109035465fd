import type { PriceAlertsResult, RemovePriceAlertResult } from '@openbourse/contracts/watchlist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { alertKeys } from './alert-keys';

export function removePriceAlert(id: number) {
  return api.post<RemovePriceAlertResult>('user/removePriceAlert', { id });
}

/** Removes an alert: it leaves the list at once; a refusal brings the list back as the server has it. */
export function useRemovePriceAlert() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const key = alertKeys.list(token);
  return useMutation({
    mutationFn: async (id: number) => (await removePriceAlert(id)).result,
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<PriceAlertsResult>(key);
      if (previous) {
        client.setQueryData<PriceAlertsResult>(key, {
          ...previous,
          active: previous.active.filter((a) => a.id !== id),
          fired: previous.fired.filter((a) => a.id !== id),
        });
      }
      return { previous };
    },
    onError: (_e, _id, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
