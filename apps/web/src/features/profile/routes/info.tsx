import { LANGUAGE_NAMES } from '@openbourse/contracts/languages.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@openbourse/ui';
import { IconArrowRight, IconBuilding, IconGlobe, IconHeadset, IconKey, IconShield } from '@/shared/components/icons';
import { languagePicker } from '@/shared/components/language-picker';
import { KycBadge } from '@/shared/components/kyc-badge';
import { Page, Section } from '@/shared/components/page';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { useSession } from '@/shared/session/use-session';
import { saveLanguage } from '../api/account';
import { ChangePasswordForm } from '../components/change-password-form';
import { ContactChangeForm } from '../components/contact-change-form';
import { SessionsList } from '../components/sessions-list';
import { SignInHistory } from '../components/sign-in-history';
import { WithdrawalPasswordForm } from '../components/withdrawal-password-form';
import { LinkedSignIns } from '../signins/linked-sign-ins';
import { WalletsSection } from '../wallets/wallets-section';
import '../profile.css';

export default function InfoRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useSession((s) => s.user);
  const language = useSession((s) => s.language);
  useDocumentTitle(t('info.title'));
  // The server keeps the user's language for mail and notifications: a change made here is saved.
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    void saveLanguage(language).catch(() => undefined);
  }, [language]);
  const notSet = <span className="muted">{t('info.notSet')}</span>;
  return (
    <Page title={t('info.title')} subtitle={t('info.subtitle')}>
      <Section title={t('info.detailsTitle')}>
        {user ? (
          <dl className="details" data-testid="user-details">
            <div className="details__row">
              <dt>{t('auth.fields.username')}</dt>
              <dd>{user.username}</dd>
            </div>
            <div className="details__row">
              <dt>{t('auth.fields.email')}</dt>
              <dd>{user.email ?? notSet}</dd>
            </div>
            <div className="details__row">
              <dt>{t('auth.fields.phone')}</dt>
              <dd dir="ltr">{user.phoneMasked ?? notSet}</dd>
            </div>
            <div className="details__row">
              <dt>{t('info.kyc')}</dt>
              <dd>
                <KycBadge status={user.kycStatus} />
              </dd>
            </div>
            <div className="details__row">
              <dt>{t('info.withdrawalPassword')}</dt>
              <dd>
                <Badge tone={user.hasWithdrawalPassword ? 'accent' : 'warn'}>
                  {user.hasWithdrawalPassword ? t('info.set') : t('info.notSet')}
                </Badge>
              </dd>
            </div>
            <div className="details__row">
              <dt>{t('info.accountId')}</dt>
              <dd dir="ltr" data-testid="user-id">
                {user.id} · {user.inviteCode}
              </dd>
            </div>
            <div className="details__row">
              <dt>{t('info.memberSince')}</dt>
              <dd>{format.date(user.createdAt)}</dd>
            </div>
            {user.lastLoginAt ? (
              <div className="details__row">
                <dt>{t('info.lastLogin')}</dt>
                <dd>{format.dateTime(user.lastLoginAt)}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <SkeletonRows rows={5} />
        )}
      </Section>
      <div className="info-forms">
        {user && !user.hasPassword ? (
          <Section title={t('info.password.setTitle')}>
            <p className="section__text">{t('info.password.setText')}</p>
            <ChangePasswordForm firstPassword />
          </Section>
        ) : (
          <Section title={t('info.password.title')}>
            <p className="section__text">{t('info.password.text')}</p>
            <ChangePasswordForm />
          </Section>
        )}
        <Section title={user?.hasWithdrawalPassword ? t('info.withdrawal.changeTitle') : t('info.withdrawal.setTitle')}>
          <p className="section__text">{t('info.withdrawal.text')}</p>
          <WithdrawalPasswordForm />
        </Section>
        <Section title={user?.email ? t('info.contact.emailChangeTitle') : t('info.contact.emailBindTitle')}>
          <p className="section__text">{t('info.contact.text')}</p>
          {user ? <ContactChangeForm kind="email" current={user.email} key={`email-${user.email}`} /> : null}
        </Section>
        <Section title={user?.phoneMasked ? t('info.contact.phoneChangeTitle') : t('info.contact.phoneBindTitle')}>
          <p className="section__text">{t('info.contact.text')}</p>
          {user ? <ContactChangeForm kind="phone" current={user.phoneMasked} key={`phone-${user.phone}`} /> : null}
        </Section>
      </div>
      <WalletsSection />
      <LinkedSignIns />
      <Section title={t('info.sessions.title')}>
        <p className="section__text">{t('info.sessions.text')}</p>
        <SessionsList />
      </Section>
      <Section title={t('info.history.title')}>
        <SignInHistory />
      </Section>
      <Section title={t('info.settings.title')}>
        <ul className="link-list" data-testid="info-settings">
          <li>
            <button type="button" className="link-list__item" onClick={languagePicker.open} data-testid="info-language">
              <span className="info-setting">
                <IconGlobe />
                {t('info.settings.language')}
                <small className="link-list__meta">{LANGUAGE_NAMES[language]}</small>
              </span>
              <IconArrowRight />
            </button>
          </li>
          <li>
            <Link to="/profile/security" className="link-list__item" data-testid="info-security">
              <span className="info-setting">
                <IconShield />
                {t('info.settings.security')}
              </span>
              <IconArrowRight />
            </Link>
          </li>
          <li>
            <Link to="/profile/api-keys" className="link-list__item" data-testid="info-api-keys">
              <span className="info-setting">
                <IconKey />
                {t('info.settings.apiKeys')}
              </span>
              <IconArrowRight />
            </Link>
          </li>
          <li>
            <Link to="/detail?id=contact-us" className="link-list__item" data-testid="info-contact-us">
              <span className="info-setting">
                <IconHeadset />
                {t('info.settings.contactUs')}
              </span>
              <IconArrowRight />
            </Link>
          </li>
          <li>
            <Link to="/detail?id=about-us" className="link-list__item" data-testid="info-about-us">
              <span className="info-setting">
                <IconBuilding />
                {t('info.settings.aboutUs')}
              </span>
              <IconArrowRight />
            </Link>
          </li>
          <li>
            <Link to="/profile/liabilities" className="link-list__item" data-testid="info-liabilities">
              <span className="info-setting">
                <IconShield />
                {t('info.settings.liabilities')}
              </span>
              <IconArrowRight />
            </Link>
          </li>
        </ul>
      </Section>
    </Page>
  );
}
