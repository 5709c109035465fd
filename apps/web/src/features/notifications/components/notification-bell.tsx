import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBell } from '@/shared/components/icons';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationPush } from '../hooks/use-notification-push';
import '../notifications.css';

/** Counts above this show as "99+". */
export const BADGE_MAX = 99;

export const badgeText = (unread: number) => (unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread));

/**
 * The bell in both shells' top bars (logged-in users): a link to /profile/notification with the
 * unread count as a badge (hidden at 0); its accessible name says the count.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationPush();
  const { data: unread = 0 } = useUnreadCount();
  const label = unread > 0 ? t('notifications.bellUnread', { n: badgeText(unread) }) : t('common.notifications');
  return (
    <Link
      to="/profile/notification"
      className="icon-button notification-bell"
      aria-label={label}
      title={label}
      data-testid="notifications-button"
    >
      <IconBell />
      {unread > 0 ? (
        <span className="notification-bell__badge" aria-hidden="true" data-testid="notifications-badge">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
