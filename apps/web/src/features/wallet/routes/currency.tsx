import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/shared/i18n/i18n';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconCoins, IconInfo } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useBalances } from '../api/get-balances';
import { CurrencyIcon } from '../components/currency-icon';
import { DepositList } from '../components/deposit-list';
import { WithdrawList } from '../components/withdraw-list';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';
import './withdraw.css';

type RecordTab = 'deposits' | 'withdrawals';

/** Deposit and withdraw: the currencies the account holds, the ways in and out, and the records of both. */
export default function CurrencyRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  const { data, isPending, error, refetch } = useBalances();
  const [tab, setTab] = useState<RecordTab>('deposits');
  useDocumentTitle(t('wallet.currency.title'));
  return (
    <Page
      title={t('wallet.currency.title')}
      subtitle={t('wallet.currency.subtitle')}
      actions={
        <>
          <ButtonLink to="/profile/deposit" size="sm" data-testid="currency-deposit-link">
            {t('wallet.deposit.title')}
          </ButtonLink>
          <ButtonLink to="/profile/withdraw" size="sm" variant="secondary" data-testid="currency-withdraw-link">
            {t('wallet.withdraw.title')}
          </ButtonLink>
        </>
      }
    >
      <ModeBanner />
      {demo ? (
        <p className="notice-bar" role="note">
          <IconInfo />
          {errorText(40010)}
        </p>
      ) : null}
      <Section title={t('wallet.currency.currencies')}>
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={3} />
        ) : (data?.balances.length ?? 0) === 0 ? (
          <EmptyState icon={<IconCoins />} title={t('wallet.balance.empty')} />
        ) : (
          <ul className="currency-list">
            {data?.balances.map((b) => (
              <li key={b.currency} className="currency-list__item">
                <CurrencyIcon code={b.currency} />
                <span className="asset__text">
                  <span className="asset__code">{b.currency}</span>
                  <span className="asset__name">{b.name}</span>
                </span>
                <span className="currency-list__amount">
                  <span className="currency-list__label">{t('wallet.columns.available')}</span>
                  {format.decimal(b.available)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('wallet.currency.records')}>
        <Tabs
          idPrefix="records"
          label={t('wallet.currency.records')}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'deposits', label: t('wallet.currency.deposits') },
            { key: 'withdrawals', label: t('wallet.currency.withdrawals') },
          ]}
        />
        <div id="records-panel" role="tabpanel" aria-labelledby={`records-tab-${tab}`}>
          {tab === 'deposits' ? <DepositList /> : <WithdrawList />}
        </div>
      </Section>
    </Page>
  );
}
