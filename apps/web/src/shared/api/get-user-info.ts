import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { queryKeys } from './query-keys';

export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const { result } = await api.post<UserInfo>('user/getUserInfo', {}, { signal });
  return result;
}

export const userInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.userInfo(token),
    queryFn: ({ signal }) => getUserInfo(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
