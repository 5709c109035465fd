import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/shared/api/query-keys';
import { onLiveChannel } from '@/shared/lib/live-feed';
import { useSession } from '@/shared/session/use-session';
import { notificationKeys } from '../api/notification-keys';

/**
 * Follows `{"ch":"notifications","id","unread"}` pushes on the live feed (the server sends them to
 * the user's signed-in sockets when a notification arrives or some are read elsewhere): the badge
 * takes the pushed count at once and the list is fetched again; a new one also refreshes the
 * balances, deposits, withdrawals, identity state and loans it may be about.
 */
export function useNotificationPush() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return onLiveChannel('notifications', (message) => {
      const unread = message.unread;
      if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0) return;
      client.setQueryData(notificationKeys.unread(token), unread);
      void client.invalidateQueries({ queryKey: notificationKeys.lists });
      // A new notification may be a reviewer's decision (a deposit credited, a withdrawal paid or
      // released, an identity verified, a loan paid out), a loan falling due, or an auction's news
      // (outbid, won, bought, ended unsold): what it changed is fetched again where it is shown.
      if (typeof message.id === 'number') {
        const changed = [
          queryKeys.balances,
          queryKeys.deposits,
          queryKeys.withdrawals,
          queryKeys.kyc,
          queryKeys.loans,
          queryKeys.nfts,
        ];
        for (const queryKey of [...changed, queryKeys.user]) {
          void client.invalidateQueries({ queryKey });
        }
      }
    });
  }, [client, token]);
}
