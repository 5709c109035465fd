import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconInfo } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useDepositNetworks } from '../api/list-deposit-networks';
import { DepositAddress } from '../components/deposit-address';
import { DepositForm } from '../components/deposit-form';
import { DepositList } from '../components/deposit-list';
import { ModeBanner } from '../components/mode-banner';
import { NetworkPicker } from '../components/network-picker';
import '../wallet.css';

/** Deposits go to the real account only (DESIGN §4): the demo account is told so and offered the switch. */
function DemoDeposit() {
  const { t } = useTranslation();
  const { toggle } = useAccountModeSwitch();
  return (
    <div className="deposit-demo" data-testid="deposit-demo">
      <IconInfo className="deposit-demo__icon" />
      <div className="deposit-demo__text">
        <strong>{t('wallet.deposit.demoTitle')}</strong>
        <span>{t('wallet.deposit.demoText')}</span>
      </div>
      <Button size="sm" onClick={toggle} data-testid="deposit-switch-real">
        {t('wallet.deposit.switchToReal')}
      </Button>
    </div>
  );
}

/** Deposit: where to send a coin on a network, the declaration of what was sent, and the deposits declared. */
export default function DepositRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.deposit.title'));
  const { demo } = useAccountModeSwitch();
  const { data: networks, isPending, error, refetch } = useDepositNetworks();
  const [choice, setChoice] = useState<{ currency: string; network: string } | null>(null);
  const list = networks ?? [];
  // Until the user picks, the coin named in the link (/cruuency's rows) or the first one, on its first network.
  const [search] = useSearchParams();
  const asked = search.get('currency');
  const current =
    list.find((n) => n.currency === choice?.currency && n.network === choice?.network) ??
    list.find((n) => n.currency === asked) ??
    list[0] ??
    null;

  let body: ReactNode;
  if (error) body = <QueryError error={error} onRetry={() => void refetch()} />;
  else if (isPending) body = <SkeletonRows rows={4} />;
  else if (!current) body = <EmptyState icon={<IconCoins />} title={t('wallet.deposit.noNetworks')} />;
  else
    body = (
      <>
        <NetworkPicker
          networks={list}
          currency={current.currency}
          network={current.network}
          onChange={(currency, network) => setChoice({ currency, network })}
        />
        <DepositAddress network={current} />
      </>
    );

  return (
    <Page title={t('wallet.deposit.title')} subtitle={t('wallet.deposit.subtitle')}>
      <div className="deposit" data-testid="deposit-page">
        <ModeBanner />
        <div className="deposit__grid">
          <Section className="deposit__where">{body}</Section>
          <Section className="deposit__declare" title={t('wallet.deposit.form')}>
            {demo ? (
              <DemoDeposit />
            ) : current?.address ? (
              <>
                <p className="wallet-note deposit__hint">{t('wallet.deposit.formHint')}</p>
                <DepositForm network={current} />
              </>
            ) : current ? (
              <div data-testid="deposit-unavailable">
                <EmptyState
                  icon={<IconCoins />}
                  title={t('wallet.deposit.unavailable')}
                  text={t('wallet.deposit.unavailableText')}
                />
              </div>
            ) : (
              <p className="wallet-note deposit__hint">{t('wallet.deposit.formHint')}</p>
            )}
          </Section>
        </div>
        <Section title={t('wallet.deposit.history')}>
          <DepositList />
        </Section>
      </div>
    </Page>
  );
}
