import { LANGUAGE_NAMES } from '@openbourse/contracts/languages.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSiteName } from '@/shared/api/get-param';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SupportButton } from '@/features/support/components/support-button';
import { IconBack, IconGlobe, IconLogoMark } from '@/shared/components/icons';
import { languagePicker } from '@/shared/components/language-picker';
import { useSession } from '@/shared/session/use-session';
import { DemoBadge } from './demo-badge';
import { isAuthPath, TAB_PATHS } from './nav-items';

export function MobileTopBar() {
  const { t } = useTranslation();
  const site = useSiteName();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const lang = useSession((s) => s.language);
  const showBack = !TAB_PATHS.has(pathname);
  const goBack = () => {
    // Opened straight on a deep link: there is nothing of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="m-top">
      <div className="m-top__start">
        {showBack ? (
          <button
            type="button"
            className="icon-button"
            onClick={goBack}
            aria-label={t('common.back')}
            data-testid="back-button"
          >
            <IconBack />
          </button>
        ) : (
          <Link to="/" className="m-top__mark" aria-label={t('nav.homeOf', { site })}>
            <IconLogoMark />
          </Link>
        )}
        <span className="m-top__title">{site}</span>
        <DemoBadge />
      </div>
      <div className="m-top__end">
        <button
          type="button"
          className="icon-button"
          onClick={languagePicker.open}
          aria-label={t('language.change', { language: LANGUAGE_NAMES[lang] })}
          data-testid="lang-button"
        >
          <IconGlobe />
        </button>
        {isLoggedIn ? <NotificationBell /> : null}
        <SupportButton />
        {isLoggedIn || isAuthPath(pathname) ? null : (
          <Link to="/pass/login" className="m-top__login" data-testid="nav-login">
            {t('common.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
