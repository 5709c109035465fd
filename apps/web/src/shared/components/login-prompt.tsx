import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loginPathFor } from '@/shared/lib/redirect';
import { ButtonLink } from './button';
import { IconLock } from './icons';

/** In place of a logged-in user's own data on public pages. */
export function LoginPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="login-prompt">
      <IconLock className="login-prompt__icon" />
      <p className="login-prompt__text">{text}</p>
      <div className="login-prompt__actions">
        <ButtonLink to={loginPathFor(location)} size="sm">
          {t('common.login')}
        </ButtonLink>
        <ButtonLink to="/pass/register" size="sm" variant="secondary">
          {t('common.register')}
        </ButtonLink>
      </div>
    </div>
  );
}
