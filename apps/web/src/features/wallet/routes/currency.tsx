import { useMemo, useState } from 'react';
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
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { type Balance, isZeroAmount, useBalances } from '../api/get-balances';
import { useCurrencies } from '../api/list-currencies';
import { useDepositNetworks } from '../api/list-deposit-networks';
import { useWithdrawalNetworks } from '../api/list-withdrawal-networks';
import { type CurrencyActions, CurrencyTable } from '../components/currency-table';
import { DepositList } from '../components/deposit-list';
import { WithdrawList } from '../components/withdraw-list';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';
import './withdraw.css';
import './currency.css';

type RecordTab = 'deposits' | 'withdrawals';

const isHeld = (b: Balance | undefined) => b !== undefined && !(isZeroAmount(b.available) && isZeroAmount(b.locked));

/**
 * Every currency of the platform with its price and 24 h change, the account's holding of each and
 * the ways in, out and across; the currencies held only, on request.
 */
function Currencies() {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const balances = useBalances();
  const deposits = useDepositNetworks();
  const withdrawals = useWithdrawalNetworks();
  const [heldOnly, setHeldOnly] = useState(false);

  const byCode = useMemo(
    () => new Map((balances.data?.balances ?? []).map((b) => [b.currency, b] as const)),
    [balances.data],
  );
  const actionsOf = useMemo(() => {
    // Until the networks are known (or when they cannot be read) every way is offered: its page says more.
    const depositable = deposits.data ? new Set(deposits.data.map((n) => n.currency)) : null;
    const withdrawable = withdrawals.data ? new Set(withdrawals.data.map((n) => n.currency)) : null;
    const priced = new Set((currencies.data ?? []).filter((c) => c.marketId !== null).map((c) => c.code));
    return (code: string): CurrencyActions => ({
      deposit: depositable?.has(code) ?? true,
      withdraw: withdrawable?.has(code) ?? true,
      // The exchange prices USDT and every coin with a USDT market.
      exchange: code === 'USDT' || priced.has(code),
    });
  }, [deposits.data, withdrawals.data, currencies.data]);

  const error = currencies.error ?? balances.error;
  if (error) {
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void currencies.refetch();
          void balances.refetch();
        }}
      />
    );
  }
  if (!currencies.data || !balances.data) return <SkeletonRows rows={6} />;
  const shown = heldOnly ? currencies.data.filter((c) => isHeld(byCode.get(c.code))) : currencies.data;
  return (
    <div className="currencies">
      <div className="currencies__bar">
        <label className="records__filter">
          <input
            type="checkbox"
            checked={heldOnly}
            onChange={(e) => setHeldOnly(e.target.checked)}
            data-testid="currency-held-only"
          />
          {t('wallet.currency.heldOnly')}
        </label>
        <p className="wallet-note currencies__note">{t('wallet.currency.priceNote')}</p>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={<IconCoins />}
          title={heldOnly ? t('wallet.currency.noneHeld') : t('wallet.currency.empty')}
        />
      ) : (
        <CurrencyTable currencies={shown} balances={byCode} actionsOf={actionsOf} />
      )}
    </div>
  );
}

/** Deposit and withdraw: the platform's currencies with prices and holdings, and the records of both ways. */
export default function CurrencyRoute() {
  const { t } = useTranslation();
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
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
        <Currencies />
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
