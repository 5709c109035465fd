import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { PushSettings } from '../components/push-settings';
import '../pwa.css';

/** /profile/push (logged in): notifications on this device (web push), linked from the notifications page. */
export default function PushRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pwa.push.title'));
  return (
    <Page title={t('pwa.push.title')}>
      <PushSettings />
      <p className="push-settings__back">
        <Link to="/profile/notification">{t('notifications.title')}</Link>
      </p>
    </Page>
  );
}
