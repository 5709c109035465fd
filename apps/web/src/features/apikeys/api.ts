import type { ApiKeyView, CreateApiKeyRequest, CreatedApiKey } from '@openbourse/contracts/apikeys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The account centre's API keys: list, create (the secret comes back once), revoke. */
const apiKeysKey = [...queryKeys.user, 'api-keys'] as const;

export function useApiKeys() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async ({ signal }) => (await api.get<ApiKeyView[]>('apiKey/list', { signal })).result,
    enabled: isLoggedIn,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyRequest) => (await api.post<CreatedApiKey>('apiKey/create', body)).result,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.post<null>('apiKey/revoke', { keyId }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
