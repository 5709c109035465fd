import type { ReadNotificationRequest, ReadNotificationResult } from '@openbourse/contracts/notifications.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { notificationKeys } from './notification-keys';

export function readNotifications(body: ReadNotificationRequest) {
  return api.post<ReadNotificationResult>('user/readNotification', body);
}

/** Marks notifications read ({ ids } or { all: true }); the badge takes the count the answer gives. */
export function useReadNotifications() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: async (body: ReadNotificationRequest) => (await readNotifications(body)).result,
    onSuccess: (result) => {
      client.setQueryData(notificationKeys.unread(token), result.unread);
      void client.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}
