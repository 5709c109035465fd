import type { ListNotificationsResult, Notification } from '@openbourse/contracts/notifications.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
    getNextPageParam: (last) =>
      last.list.length > 0 && last.page * last.size < last.total ? last.page + 1 : undefined,
    enabled: Boolean(token),
    staleTime: 15_000,
  });
  const items = useMemo(() => flatten(query.data?.pages), [query.data]);
  return { ...query, items };
}

/** A notification arriving while the user reads shifts the pages: each id is shown once. */
function flatten(pages: readonly ListNotificationsResult[] | undefined): Notification[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const items: Notification[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
