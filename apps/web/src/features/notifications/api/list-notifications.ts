import type { ListNotificationsResult } from '@openbourse/contracts/notifications.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { notificationKeys } from './notification-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function listNotifications(page: number, size: number, signal?: AbortSignal) {
  return api.get<ListNotificationsResult>('user/listNotification', { query: { page, size }, signal });
}

/** The user's notifications, newest first, a page at a time, titled in the current language. */
export function useNotifications(size = NOTIFICATIONS_PAGE_SIZE) {
  const token = useSession((s) => s.token);
  const lang = useSession((s) => s.language);
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(token, lang, size),
    queryFn: async ({ pageParam, signal }) => (await listNotifications(pageParam, size, signal)).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, items };
}
