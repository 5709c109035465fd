import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/use-session';
import { IconInfo } from './icons';

/**
 * For changes confirmed by the login password (two-step verification, API keys): an account made by
 * Google or wallet sign-in has none yet, so it is told to set one first, and where.
 */
export function PasswordFirstNote() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  if (!user || user.hasPassword) return null;
  return (
    <p className="notice-bar" role="note" data-testid="password-first-note">
      <IconInfo />
      <span>{t('info.password.firstNote')}</span>
      <Link to="/profile/info">{t('info.password.setTitle')}</Link>
    </p>
  );
}
