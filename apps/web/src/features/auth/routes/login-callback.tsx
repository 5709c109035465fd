import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '@/shared/components/button';
import { IconLock } from '@/shared/components/icons';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { GoogleCallback } from '../google/google-callback';

/** Brand names as their owners write them. */
const KNOWN_PROVIDERS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  github: 'GitHub',
  twitter: 'X',
  x: 'X',
  telegram: 'Telegram',
  metamask: 'MetaMask',
};

/** Third-party sign-in lands here: Google completes its sign-in; any other provider is not configured, and says so. */
export default function LoginCallbackRoute() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  const cleaned = provider.replace(/[^\w .-]/g, '').slice(0, 32);
  const name = KNOWN_PROVIDERS[cleaned.toLowerCase()] ?? cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
  const isGoogle = cleaned.toLowerCase() === 'google';
  useDocumentTitle(isGoogle ? t('auth.google.callback.title') : t('auth.callback.title'));
  if (isGoogle) {
    return (
      <AuthLayout title={t('auth.google.callback.title')}>
        <GoogleCallback />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.callback.title')}>
      <div className="callback">
        <span className="callback__icon">
          <IconLock />
        </span>
        <p className="callback__text">
          {t('auth.callback.text', { provider: name || t('auth.callback.unknownProvider') })}
        </p>
        <p className="muted">{t('auth.callback.hint')}</p>
        <ButtonLink to="/pass/login" size="lg" block data-testid="callback-login">
          {t('auth.callback.toLogin')}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
