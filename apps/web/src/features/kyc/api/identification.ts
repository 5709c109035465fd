import type { KycSubmitRequest, KycView } from '@openbourse/contracts/kyc.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The user's verification: its state and the latest application (user/identification). */
export function useKyc() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.kycView(token),
    queryFn: async ({ signal }) => (await api.get<KycView>('user/identification', { signal })).result,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
}

/**
 * Submits the identity and the photos' ids (msgCode 20001: its text is the success toast). The
 * answer is the new state; the user's info (its kycStatus badge) is fetched again.
 */
export function useSubmitKyc() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: KycSubmitRequest) => api.post<KycView>('user/identification', body),
    onSuccess(answer) {
      client.setQueryData(queryKeys.kycView(token), answer.result);
      void client.invalidateQueries({ queryKey: queryKeys.user });
      void client.invalidateQueries({ queryKey: queryKeys.loans });
    },
  });
}
