import type { ListSmartProductsResult } from '@openbourse/contracts/earn.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { smartKeys } from './smart-keys';

/**
 * The smart plan products (public; names in the page's language), whether smart trading is switched
 * on, and what the treasury has free to back new plans, per currency (index/listSmartProduct).
 */
export function useSmartProducts() {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: smartKeys.products(lang),
    queryFn: async ({ signal }) =>
      (await api.get<ListSmartProductsResult>('index/listSmartProduct', { signal })).result,
    // The treasury's figure moves with every plan sold: looked at again now and then.
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}
