import type { Notification } from '@openbourse/contracts/notifications.ts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/components/button';
import { LoadMore } from '@/shared/components/load-more';
import { EmptyState } from '@/shared/components/empty-state';
import { IconBell, IconCheck } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorMessage } from '@/shared/lib/api-client';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotifications } from '../api/list-notifications';
import { useReadNotifications } from '../api/read-notifications';
import { NotificationItem } from '../components/notification-item';
import '../notifications.css';

/**
 * /profile/notification (logged in): the user's notifications, newest first, unread ones marked.
 * Opening one marks it read and goes to its subject; "Mark all as read" clears the badge.
 */
export default function NotificationsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  const query = useNotifications();
  const { items, data, isPending, error, refetch, fetchNextPage, isFetchingNextPage } = query;
  const unreadCount = useUnreadCount();
  const unread = unreadCount.data ?? data?.pages[0]?.unread ?? 0;
  const read = useReadNotifications();

  // After "Load more", focus moves to the first item the page brought (as on the transaction record).
  const listRef = useRef<HTMLUListElement>(null);
  const focusItem = useRef<number | null>(null);
  useEffect(() => {
    const index = focusItem.current;
    if (index === null || items.length <= index) return;
    focusItem.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.notification__link')[index]?.focus();
  }, [items]);
  const loadMore = () => {
    focusItem.current = items.length;
    void fetchNextPage();
  };

  const open = (item: Notification) => {
    if (!item.read) read.mutate({ ids: [item.id] });
  };
  const markAll = () =>
    read.mutate(
      { all: true },
      {
        onSuccess: () => toast.success(t('notifications.allMarked')),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  let body: ReactNode;
  if (error && !data) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = <SkeletonRows rows={5} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<IconBell />}
        title={t('notifications.empty')}
        text={t('notifications.emptyText')}
        action={<Link to="/help/notice">{t('notifications.toNotices')}</Link>}
      />
    );
  } else {
    body = (
      <>
        <ul className="notifications__list" ref={listRef} data-testid="notifications-list">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={open} />
          ))}
        </ul>
        <LoadMore query={query} onLoadMore={loadMore} testId="notifications-more" />
      </>
    );
  }

  return (
    <Page
      title={t('notifications.title')}
      subtitle={t('notifications.subtitle')}
      actions={
        unread > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<IconCheck />}
            loading={read.isPending && read.variables?.all === true}
            onClick={markAll}
            data-testid="notifications-read-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        ) : null
      }
    >
      <section
        className="card notifications"
        aria-labelledby="notifications-heading"
        aria-busy={isPending || isFetchingNextPage}
        data-testid="notifications-page"
      >
        <h2 className="visually-hidden" id="notifications-heading">
          {unread > 0 ? t('notifications.unreadCount', { n: unread }) : t('notifications.title')}
        </h2>
        {body}
      </section>
      <Link to="/profile/push" className="notifications-push-link" data-testid="notifications-push-link">
        {t('pwa.push.title')}
      </Link>
    </Page>
  );
}
