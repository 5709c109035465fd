/** One user's detail (identity, balances in both books, sessions), shared by the user page and the review screens. */
import type { AdminUserDetail } from '@openbourse/contracts/admin.ts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api';

export type UserDetail = z.infer<typeof AdminUserDetail>;
export type Balance = UserDetail['balances']['real'][number];

/** Every query about one user starts with this key, so a decision that moves their money refreshes them all. */
export const userKey = (id: number) => ['user', id] as const;

export function useUserDetail(id: number, enabled = true) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: async () => (await api.get<UserDetail>(`users/${id}`)).result,
    enabled: enabled && Number.isSafeInteger(id) && id > 0,
  });
}
