import { useTranslation } from 'react-i18next';
import { DemoNotice } from '@/shared/components/demo-notice';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconDocument, IconLoan, IconShield, IconWallet } from '@/shared/components/icons';
import { KycBadge } from '@/shared/components/kyc-badge';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { Skeleton } from '@/shared/components/skeleton';
import { Steps } from '@/shared/components/steps';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import '../loan.css';

function KycStatusCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <div className="kyc-card">
      <IconShield className="kyc-card__icon" />
      <div className="kyc-card__body">
        <p className="kyc-card__title">
          {t('loan.kycTitle')} {user ? <KycBadge status={user.kycStatus} /> : <Skeleton width="5em" />}
        </p>
        <p className="kyc-card__text">{user ? t(`loan.kycText.${user.kycStatus}`) : null}</p>
      </div>
    </div>
  );
}

export default function LoanRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useDocumentTitle(t('loan.title'));
  return (
    <Page title={t('loan.title')} subtitle={t('loan.subtitle')}>
      <DemoNotice />
      <Section title={t('loan.eligibilityTitle')}>
        {isLoggedIn ? <KycStatusCard /> : <LoginPrompt text={t('loan.loginText')} />}
      </Section>
      <Section title={t('loan.productsTitle')}>
        <div className="table-scroll">
          <table className="data-table data-table--empty">
            <thead>
              <tr>
                <th scope="col">{t('loan.columns.amount')}</th>
                <th scope="col" className="num">
                  {t('loan.columns.term')}
                </th>
                <th scope="col" className="num">
                  {t('loan.columns.rate')}
                </th>
                <th scope="col" className="num hide-mobile">
                  {t('loan.columns.freeDays')}
                </th>
              </tr>
            </thead>
          </table>
        </div>
        <EmptyState icon={<IconLoan />} title={t('loan.productsEmpty')} text={t('loan.productsEmptyText')} />
      </Section>
      {isLoggedIn ? (
        <Section title={t('loan.myLoansTitle')}>
          <EmptyState icon={<IconDocument />} title={t('loan.myLoansEmpty')} />
        </Section>
      ) : null}
      <Section title={t('loan.howTitle')}>
        <Steps
          items={[
            { Icon: IconShield, title: t('loan.how.verifyTitle'), text: t('loan.how.verifyText') },
            { Icon: IconDocument, title: t('loan.how.signTitle'), text: t('loan.how.signText') },
            { Icon: IconWallet, title: t('loan.how.receiveTitle'), text: t('loan.how.receiveText') },
            { Icon: IconCoins, title: t('loan.how.repayTitle'), text: t('loan.how.repayText') },
          ]}
        />
      </Section>
    </Page>
  );
}
