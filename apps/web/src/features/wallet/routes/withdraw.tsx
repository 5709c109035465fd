import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconInfo } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useWithdrawalNetworks } from '../api/list-withdrawal-networks';
import { ModeBanner } from '../components/mode-banner';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawList } from '../components/withdraw-list';
import '../wallet.css';
import './withdraw.css';

/** Withdrawals come from the real account only (DESIGN §4): the demo account is told so and offered the switch. */
function DemoWithdraw() {
  const { t } = useTranslation();
  const { toggle } = useAccountModeSwitch();
  return (
    <div className="deposit-demo" data-testid="withdraw-demo">
      <IconInfo className="deposit-demo__icon" />
      <div className="deposit-demo__text">
        <strong>{t('wallet.withdraw.demoTitle')}</strong>
        <span>{t('wallet.withdraw.demoText')}</span>
      </div>
      <Button size="sm" onClick={toggle} data-testid="withdraw-switch-real">
        {t('wallet.withdraw.switchToReal')}
      </Button>
    </div>
  );
}

/** Withdraw: to an address or a bank account, quoted before confirming; the withdrawals asked for below. */
export default function WithdrawRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.withdraw.title'));
  const { demo } = useAccountModeSwitch();
  const { data: networks, isPending, error, refetch } = useWithdrawalNetworks();

  return (
    <Page title={t('wallet.withdraw.title')} subtitle={t('wallet.withdraw.subtitle')}>
      <div className="withdraw" data-testid="withdraw-page">
        <ModeBanner />
        <Section className="withdraw__form" title={t('wallet.withdraw.form')}>
          {demo ? (
            <DemoWithdraw />
          ) : error ? (
            <QueryError error={error} onRetry={() => void refetch()} />
          ) : isPending ? (
            <SkeletonRows rows={5} />
          ) : networks.length === 0 ? (
            <EmptyState icon={<IconCoins />} title={t('wallet.withdraw.noNetworks')} />
          ) : (
            <WithdrawForm networks={networks} />
          )}
        </Section>
        <Section title={t('wallet.withdraw.history')}>
          <WithdrawList />
        </Section>
      </div>
    </Page>
  );
}
