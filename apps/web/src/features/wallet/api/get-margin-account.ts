import type { MarginAccount } from '@openbourse/contracts/trading.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Equity, margin and open PnL of the current account mode (order/getMarginAccount). */
export function useMarginAccount() {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['orders', 'margin-account', mode, token],
    queryFn: async ({ signal }) => (await api.get<MarginAccount>('order/getMarginAccount', { signal })).result,
    enabled: Boolean(token),
    refetchInterval: 3_000,
  });
}
