import { LANGUAGE_NAMES } from '@openbourse/contracts/languages.ts';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountModeToggle } from '@/shared/components/account-mode-toggle';
import { Button, ButtonLink } from '@/shared/components/button';
import {
  IconBell,
  IconSparkle,
  IconStar,
  IconChevronRight,
  IconDocument,
  IconGift,
  IconGlobe,
  IconHeadset,
  IconHelp,
  type IconProps,
  IconLayers,
  IconLogout,
  IconShield,
  IconSwap,
  IconUser,
  IconWallet,
  IconCoins,
  IconChart,
} from '@/shared/components/icons';
import { KycBadge } from '@/shared/components/kyc-badge';
import { languagePicker } from '@/shared/components/language-picker';
import { Page } from '@/shared/components/page';
import { Skeleton } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { useLogout } from '@/shared/hooks/use-logout';
import { useSession } from '@/shared/session/use-session';
import '../profile.css';

interface LinkRow {
  to?: string;
  onClick?(): void;
  label: string;
  Icon: ComponentType<IconProps>;
  value?: string;
  /** A state shown before the chevron (the verification badge). */
  badge?: ReactNode;
  testId?: string;
}

function LinkList({ rows, label }: { rows: LinkRow[]; label: string }) {
  return (
    <nav className="card profile-links" aria-label={label}>
      <ul>
        {rows.map(({ to, onClick, label: text, Icon, value, badge, testId }) => {
          const inner = (
            <>
              <span className="profile-links__icon">
                <Icon />
              </span>
              <span className="profile-links__label">{text}</span>
              {value ? <span className="profile-links__value">{value}</span> : null}
              {badge}
              <IconChevronRight className="profile-links__chevron" />
            </>
          );
          return (
            <li key={text}>
              {to ? (
                <Link to={to} className="profile-links__item" data-testid={testId}>
                  {inner}
                </Link>
              ) : (
                <button type="button" className="profile-links__item" onClick={onClick} data-testid={testId}>
                  {inner}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function GuestProfile() {
  const { t } = useTranslation();
  const lang = useSession((s) => s.language);
  return (
    <Page title={t('profile.title')}>
      <section className="card profile-guest">
        <span className="profile-guest__icon">
          <IconUser />
        </span>
        <h2 className="profile-guest__title">{t('profile.guest.title')}</h2>
        <p className="profile-guest__text">{t('profile.guest.text')}</p>
        <div className="profile-guest__actions">
          <ButtonLink to="/pass/login?redirect=%2Fprofile" size="lg" data-testid="profile-login">
            {t('common.login')}
          </ButtonLink>
          <ButtonLink to="/pass/register" size="lg" variant="secondary" data-testid="profile-register">
            {t('common.register')}
          </ButtonLink>
        </div>
      </section>
      <LinkList
        label={t('profile.more')}
        rows={[
          { to: '/help', label: t('profile.links.help'), Icon: IconHelp },
          { to: '/profile/kefu', label: t('common.support'), Icon: IconHeadset },
          {
            onClick: languagePicker.open,
            label: t('common.language'),
            Icon: IconGlobe,
            value: LANGUAGE_NAMES[lang],
            testId: 'profile-language',
          },
          { to: '/introduction', label: t('profile.links.introduction'), Icon: IconDocument },
        ]}
      />
    </Page>
  );
}

export default function ProfileRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const user = useSession((s) => s.user);
  const lang = useSession((s) => s.language);
  const { logout, pending } = useLogout();
  useDocumentTitle(t('profile.title'));

  if (!isLoggedIn) return <GuestProfile />;

  const quick = [
    { to: '/profile/balance', label: t('profile.links.balance'), Icon: IconWallet },
    { to: '/cruuency', label: t('profile.links.depositWithdraw'), Icon: IconCoins },
    { to: '/profile/exchange', label: t('profile.links.exchange'), Icon: IconSwap },
    { to: '/profile/invite', label: t('profile.links.invite'), Icon: IconGift },
  ];

  return (
    <Page title={t('profile.title')}>
      <section className="card profile-head">
        <span className="avatar avatar--lg" aria-hidden="true">
          {user ? user.username.slice(0, 1).toUpperCase() : ''}
        </span>
        <div className="profile-head__info">
          <p className="profile-head__name" data-testid="profile-username">
            {user ? user.username : <Skeleton width="8em" />}
          </p>
          <p className="profile-head__meta">
            {user ? (user.email ?? user.phoneMasked ?? '') : <Skeleton width="12em" />}
          </p>
          <div className="profile-head__badges">
            {user ? <KycBadge status={user.kycStatus} /> : null}
            {user ? (
              <span className="profile-head__since">
                {t('profile.memberSince', { date: format.date(user.createdAt) })}
              </span>
            ) : null}
          </div>
        </div>
      </section>

      <section className="card">
        <AccountModeToggle />
      </section>

      <nav className="profile-quick" aria-label={t('profile.quick')}>
        {quick.map(({ to, label, Icon }) => (
          <Link key={to} to={to} className="profile-quick__item">
            <span className="profile-quick__icon">
              <Icon />
            </span>
            <span>{label}</span>
          </Link>
        ))}
      </nav>

      <div className="profile-columns">
        <LinkList
          label={t('profile.assets')}
          rows={[
            { to: '/profile/balance', label: t('profile.links.balance'), Icon: IconWallet, testId: 'profile-balance' },
            { to: '/profile/balancebb', label: t('profile.links.spot'), Icon: IconLayers },
            { to: '/profile/balance2', label: t('profile.links.margin'), Icon: IconChart },
            {
              to: '/profile/records',
              label: t('profile.links.records'),
              Icon: IconDocument,
              testId: 'profile-records-link',
            },
            { to: '/profile/info', label: t('profile.links.info'), Icon: IconShield, testId: 'profile-info' },
            {
              to: '/profile/verify',
              label: t('kyc.profileLink'),
              Icon: IconUser,
              badge: user ? <KycBadge status={user.kycStatus} /> : undefined,
              testId: 'profile-verify',
            },
          ]}
        />
        <LinkList
          label={t('profile.more')}
          rows={[
            { to: '/profile/invite', label: t('profile.links.invite'), Icon: IconGift, testId: 'profile-invite' },
            { to: '/profile/level', label: t('levels.profileLink'), Icon: IconSparkle, testId: 'profile-level' },
            { to: '/profile/notification', label: t('profile.links.notifications'), Icon: IconBell },
            { to: '/profile/alerts', label: t('watchlist.profileLink'), Icon: IconStar, testId: 'profile-alerts' },
            { to: '/help', label: t('profile.links.help'), Icon: IconHelp },
            {
              onClick: languagePicker.open,
              label: t('common.language'),
              Icon: IconGlobe,
              value: LANGUAGE_NAMES[lang],
              testId: 'profile-language',
            },
          ]}
        />
      </div>

      <Button
        variant="secondary"
        block
        size="lg"
        onClick={() => void logout()}
        loading={pending}
        icon={<IconLogout />}
        className="profile-logout"
        data-testid="logout"
      >
        {t('common.logout')}
      </Button>
    </Page>
  );
}
