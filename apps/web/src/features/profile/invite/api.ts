import type { InviteSummary, ListInviteesResult } from '@openbourse/contracts/invites.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export const INVITEES_PAGE_SIZE = 20;

/** The user's code, link path, the disclosed rule and what the invitations earned. */
export function useInviteSummary() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.user, 'invites', 'summary', token],
    queryFn: async ({ signal }) => (await api.get<InviteSummary>('user/inviteSummary', { signal })).result,
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** The users the caller invited, newest first, a page at a time. */
export function useInvitees(size = INVITEES_PAGE_SIZE) {
  const token = useSession((s) => s.token);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.user, 'invites', 'list', token, size],
    queryFn: async ({ pageParam, signal }) =>
      (await api.get<ListInviteesResult>('user/listInvitees', { query: { page: pageParam, size }, signal })).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 30_000,
  });
  const rows = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.list), [query.data]);
  return { ...query, rows };
}
