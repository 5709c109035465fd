import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconHeadset } from '@/shared/components/icons';
import { onLiveChannel } from '@/shared/lib/live-feed';
import { useSession } from '@/shared/session/use-session';
import { getUnread, supportKeys } from '../api/support-api';
import '../support.css';

/** Support's messages the user has not read (0 signed out); a pushed message carries the new count. */
export function useSupportUnread(): number {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const { data = 0 } = useQuery({
    queryKey: supportKeys.unread(token),
    queryFn: ({ signal }) => getUnread(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: false,
  });
  useEffect(() => {
    if (!token) return;
    return onLiveChannel('support', (push) => {
      if (push.type === 'message' && typeof push.unread === 'number' && push.unread >= 0) {
        client.setQueryData(supportKeys.unread(token), push.unread);
      }
    });
  }, [client, token]);
  return token ? data : 0;
}

/** The headset in both top bars: a link to /profile/kefu with support's unread messages as a badge. */
export function SupportButton() {
  const { t } = useTranslation();
  const unread = useSupportUnread();
  const label = unread > 0 ? t('support.unreadLabel', { count: unread }) : t('common.support');
  return (
    <Link
      to="/profile/kefu"
      className="icon-button support-button"
      aria-label={label}
      title={label}
      data-testid="support-button"
    >
      <IconHeadset />
      {unread > 0 ? (
        <span className="support-button__badge" aria-hidden="true" data-testid="support-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
