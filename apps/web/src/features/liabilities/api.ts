import type { LiabilitiesProof } from '@openbourse/contracts/liabilities-tree.ts';
import type { LiabilitiesRoot } from '@openbourse/contracts/liabilities.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** index/liabilities: the latest published root and totals (public). */
export function useLiabilitiesRoot() {
  return useQuery({
    queryKey: ['liabilities', 'root'],
    queryFn: async ({ signal }) => (await api.get<LiabilitiesRoot>('index/liabilities', { signal })).result,
    staleTime: 60_000,
    retry: false,
  });
}

/** index/liabilitiesHistory: the roots published before, newest first. */
export function useLiabilitiesHistory(size = 10) {
  return useQuery({
    queryKey: ['liabilities', 'history', size],
    queryFn: async ({ signal }) =>
      (await api.get<{ list: LiabilitiesRoot[] }>(`index/liabilitiesHistory?size=${size}`, { signal })).result,
    staleTime: 60_000,
  });
}

/** user/liabilitiesProof: the signed-in user's own inclusion proof (latest snapshot). */
export function useMyLiabilitiesProof() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.user, 'liabilities-proof', token],
    queryFn: async ({ signal }) => (await api.get<LiabilitiesProof>('user/liabilitiesProof', { signal })).result,
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });
}
