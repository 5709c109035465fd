import type { LinkedWallet, WalletProof } from '@openbourse/contracts/wallet-signin.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The account centre's wallets: list, link (a signed message), unlink. */
const walletsKey = (token: string | null) => [...queryKeys.user, 'wallets', token] as const;

export function useWallets() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletsKey(token),
    queryFn: async ({ signal }) => (await api.get<LinkedWallet[]>('user/listWallets', { signal })).result,
    enabled: Boolean(token),
  });
}

export async function linkWallet(proof: WalletProof): Promise<LinkedWallet> {
  return (await api.post<LinkedWallet>('user/linkWallet', proof)).result;
}

export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('user/unlinkWallet', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.user, 'wallets'] }),
  });
}

/** After a link: the list again. */
export function useRefreshWallets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...queryKeys.user, 'wallets'] });
}
