import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBell, IconChevronDown, IconGift, IconLogout, IconUser, IconWallet } from '@/shared/components/icons';
import { useDismiss } from '@/shared/hooks/use-dismiss';
import { useLogout } from '@/shared/hooks/use-logout';
import { useSession } from '@/shared/session/use-session';

export function AccountMenu() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const { logout, pending } = useLogout();
  const name = user?.username ?? t('nav.profile');
  const links = [
    { to: '/profile', label: t('nav.profile'), Icon: IconUser },
    { to: '/profile/balance', label: t('profile.links.balance'), Icon: IconWallet },
    { to: '/profile/invite', label: t('profile.links.invite'), Icon: IconGift },
    { to: '/profile/notification', label: t('profile.links.notifications'), Icon: IconBell },
  ];
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="account-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-menu"
      >
        <span className="avatar avatar--sm" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-trigger__name">{name}</span>
        <IconChevronDown className="dropdown__chevron" />
      </button>
      {open ? (
        <div className="dropdown__panel dropdown__panel--end" id={panelId}>
          <nav aria-label={t('nav.accountMenu')}>
            <ul className="menu-list">
              {links.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link to={to} className="menu-list__item" onClick={close}>
                    <Icon />
                    {label}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="menu-list__item menu-list__item--danger"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                  disabled={pending}
                  data-testid="logout"
                >
                  <IconLogout />
                  {t('common.logout')}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
