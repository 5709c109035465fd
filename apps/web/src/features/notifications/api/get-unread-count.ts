import type { UnreadCountResult } from '@openbourse/contracts/notifications.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { notificationKeys } from './notification-keys';

export function getUnreadCount(signal?: AbortSignal) {
  return api.get<UnreadCountResult>('user/unreadNotificationCount', { signal });
}

/**
 * How many notifications are unread (the bell's badge). A push on the live feed sets it at once;
 * the slow poll only covers a feed that is down.
 */
export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: notificationKeys.unread(token),
    queryFn: async ({ signal }) => (await getUnreadCount(signal)).result.unread,
    enabled: Boolean(token),
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}
