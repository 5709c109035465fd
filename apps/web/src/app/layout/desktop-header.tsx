import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SupportButton } from '@/features/support/components/support-button';
import { useSiteName } from '@/shared/api/get-param';
import { ButtonLink } from '@/shared/components/button';
import { IconLogoMark } from '@/shared/components/icons';
import { useSession } from '@/shared/session/use-session';
import { AccountMenu } from './account-menu';
import { DemoBadge } from './demo-badge';
import { LanguageDropdown } from './language-dropdown';
import { NAV_ITEMS } from './nav-items';

/** Desktop top bar. On the auth pages it drops the navigation (`focused`). */
export function DesktopHeader({ focused = false }: { focused?: boolean }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  return (
    <header className="d-header">
      <div className="d-header__inner">
        <Link to="/" className="brand" aria-label={t('nav.homeOf', { site })}>
          <IconLogoMark className="brand__mark" />
          <span className="brand__name">{site}</span>
        </Link>
        {focused ? null : (
          <nav className="d-nav" aria-label={t('nav.main')}>
            {NAV_ITEMS.map(({ to, labelKey, testId }) => (
              <NavLink key={to} to={to} end={to === '/'} className="d-nav__link" data-testid={testId}>
                {t(labelKey)}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="d-header__actions">
          <DemoBadge />
          {focused ? null : <SupportButton />}
          {isLoggedIn && !focused ? <NotificationBell /> : null}
          <LanguageDropdown />
          {isLoggedIn ? (
            <AccountMenu />
          ) : (
            <>
              <ButtonLink to="/pass/login" variant="ghost" size="sm" data-testid="nav-login">
                {t('common.login')}
              </ButtonLink>
              <ButtonLink to="/pass/register" size="sm" data-testid="nav-register">
                {t('common.register')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
