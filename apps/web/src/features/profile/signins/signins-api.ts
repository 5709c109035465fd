import type { LinkedIdentities } from '@openbourse/contracts/oauth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The account centre's linked third-party sign-ins (Google); its keys stay here: nothing else reads them. */
const identitiesKey = (token: string | null) => ['user', 'identities', token] as const;

export function useIdentities() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: identitiesKey(token),
    queryFn: async ({ signal }) => (await api.get<LinkedIdentities>('user/identities', { signal })).result,
    enabled: Boolean(token),
  });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.post<null>('user/identities/unlink', { id });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user', 'identities'] }),
  });
}
