import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconBell } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import '../profile.css';

export default function NotificationRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  return (
    <Page title={t('notifications.title')} subtitle={t('notifications.subtitle')}>
      <section className="card" aria-labelledby="notifications-list">
        <h2 className="visually-hidden" id="notifications-list">
          {t('notifications.title')}
        </h2>
        <EmptyState
          icon={<IconBell />}
          title={t('notifications.empty')}
          text={t('notifications.emptyText')}
          action={<Link to="/help/notice">{t('notifications.toNotices')}</Link>}
        />
      </section>
    </Page>
  );
}
