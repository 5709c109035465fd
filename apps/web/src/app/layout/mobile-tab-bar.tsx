import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from './nav-items';

export function MobileTabBar() {
  const { t } = useTranslation();
  return (
    <nav className="m-tabs" aria-label={t('nav.main')}>
      {NAV_ITEMS.map(({ to, labelKey, Icon, testId }) => (
        <NavLink key={to} to={to} end={to === '/'} className="m-tabs__tab" data-testid={`tab-${testId.slice(4)}`}>
          <Icon className="m-tabs__icon" />
          <span className="m-tabs__label">{t(labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
