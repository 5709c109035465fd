import { useTranslation } from 'react-i18next';
import { Badge } from '@openbourse/ui';
import { KycBadge } from '@/shared/components/kyc-badge';
import { Page, Section } from '@/shared/components/page';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { useSession } from '@/shared/session/use-session';
import { ChangePasswordForm } from '../components/change-password-form';
import { WithdrawalPasswordForm } from '../components/withdrawal-password-form';
import '../profile.css';

export default function InfoRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('info.title'));
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
        <Section title={t('info.password.title')}>
          <p className="section__text">{t('info.password.text')}</p>
          <ChangePasswordForm />
        </Section>
        <Section title={user?.hasWithdrawalPassword ? t('info.withdrawal.changeTitle') : t('info.withdrawal.setTitle')}>
          <p className="section__text">{t('info.withdrawal.text')}</p>
          <WithdrawalPasswordForm />
        </Section>
      </div>
    </Page>
  );
}
