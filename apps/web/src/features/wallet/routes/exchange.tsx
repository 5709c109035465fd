import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconSwap } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useExchangeCurrencies } from '../api/exchange';
import { isZeroAmount, useBalances } from '../api/get-balances';
import { ExchangeForm } from '../components/exchange-form';
import { ExchangeList } from '../components/exchange-list';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';
import './exchange.css';

/** The currencies held and the ones an exchange can price, then the form; nothing held: how to get some. */
function Converter() {
  const { t } = useTranslation();
  const balances = useBalances();
  const priced = useExchangeCurrencies();
  const error = balances.error ?? priced.error;
  if (error) {
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void balances.refetch();
          void priced.refetch();
        }}
      />
    );
  }
  if (!balances.data || priced.isPending) return <SkeletonRows rows={4} />;
  const held = balances.data.balances.filter(
    (b) => !isZeroAmount(b.available) && priced.currencies.includes(b.currency),
  );
  if (held.length === 0) {
    return (
      <EmptyState
        icon={<IconSwap />}
        title={t('wallet.exchange.noBalance')}
        text={t('wallet.exchange.noBalanceText')}
        action={
          <ButtonLink to="/profile/deposit" size="sm">
            {t('wallet.exchange.deposit')}
          </ButtonLink>
        }
      />
    );
  }
  // Keyed by account mode: the other account starts from its own holdings.
  return <ExchangeForm key={balances.data.mode} held={held} currencies={priced.currencies} />;
}

/** Currency exchange (user/dh): quote, confirm before it expires, and the history of exchanges. */
export default function ExchangeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.exchange.title'));
  return (
    <Page title={t('wallet.exchange.title')} subtitle={t('wallet.exchange.subtitle')}>
      <div className="exchange" data-testid="exchange-page">
        <ModeBanner />
        <Section className="exchange__form" title={t('wallet.exchange.form')}>
          <Converter />
        </Section>
        <Section title={t('wallet.exchange.history')}>
          <ExchangeList />
        </Section>
      </div>
    </Page>
  );
}
