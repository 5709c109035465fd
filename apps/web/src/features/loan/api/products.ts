import type { ListLoanProductsResult } from '@openbourse/contracts/loan.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The loan products on offer (public; their names in the page's language). */
export function useLoanProducts() {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: queryKeys.loanProducts(lang),
    queryFn: async ({ signal }) =>
      (await api.get<ListLoanProductsResult>('index/listLoanProduct', { signal })).result.list,
    staleTime: 60_000,
  });
}
