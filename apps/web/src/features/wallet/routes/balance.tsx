import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconArrowRight, IconChart, IconCoins, IconLayers, IconSwap, IconWallet } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton, SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { isZeroAmount, useBalances } from '../api/get-balances';
import { BalanceAllocation } from '../components/balance-allocation';
import { BalanceTable } from '../components/balance-table';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';

/** The account is valued in USDT (each coin at its USDT market's recorded bid); its own line is the sub-figure. */
const HEADLINE_CURRENCY = 'USDT';

export default function BalanceRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useBalances();
  useDocumentTitle(t('wallet.balance.title'));
  const balances = data?.balances ?? [];
  const headline = balances.find((b) => b.currency === HEADLINE_CURRENCY);
  const held = balances.filter((b) => !isZeroAmount(b.total)).length;
  const links = [
    { to: '/cruuency', label: t('profile.links.depositWithdraw'), Icon: IconCoins },
    { to: '/profile/exchange', label: t('profile.links.exchange'), Icon: IconSwap },
    { to: '/profile/balancebb', label: t('profile.links.spot'), Icon: IconLayers },
    { to: '/profile/balance2', label: t('profile.links.margin'), Icon: IconChart },
  ];
  return (
    <Page
      title={t('wallet.balance.title')}
      subtitle={t('wallet.balance.subtitle')}
      actions={
        <>
          <ButtonLink to="/profile/deposit" size="sm" data-testid="balance-deposit-link">
            {t('wallet.deposit.title')}
          </ButtonLink>
          <ButtonLink to="/profile/withdraw" size="sm" variant="secondary" data-testid="balance-withdraw-link">
            {t('wallet.withdraw.title')}
          </ButtonLink>
        </>
      }
    >
      <ModeBanner />
      <section className="card balance-summary" aria-busy={isPending}>
        <div className="balance-summary__main">
          <span className="balance-summary__label">{t('wallet.balance.totalValue')}</span>
          <span className="balance-summary__value" data-testid="balance-headline">
            {isPending ? (
              <Skeleton width="8em" />
            ) : (
              format.money(data?.totalUsdt ?? headline?.total ?? '0', HEADLINE_CURRENCY, { code: false })
            )}
            <small>{HEADLINE_CURRENCY}</small>
          </span>
          {headline ? (
            <span className="balance-summary__sub">
              {t('wallet.balance.availableLocked', {
                available: format.decimal(headline.available),
                locked: format.decimal(headline.locked),
              })}
            </span>
          ) : null}
          <span className="balance-summary__note">{t('wallet.balance.valuedNote')}</span>
        </div>
        <div className="balance-summary__side">
          <span className="balance-summary__label">{t('wallet.balance.assetsHeld')}</span>
          <span className="balance-summary__count">{isPending ? <Skeleton width="2em" /> : format.integer(held)}</span>
        </div>
        {data?.totalUsdt ? (
          <div className="balance-summary__allocation">
            <BalanceAllocation balances={balances} totalUsdt={data.totalUsdt} />
          </div>
        ) : null}
      </section>
      <nav className="wallet-links" aria-label={t('wallet.balance.related')}>
        {links.map(({ to, label, Icon }) => (
          <Link key={to} to={to} className="wallet-links__item">
            <Icon />
            <span>{label}</span>
            <IconArrowRight className="wallet-links__arrow" />
          </Link>
        ))}
      </nav>
      <Section title={t('wallet.balance.assets')}>
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={4} />
        ) : balances.length === 0 ? (
          <EmptyState icon={<IconWallet />} title={t('wallet.balance.empty')} text={t('wallet.balance.emptyText')} />
        ) : (
          <BalanceTable balances={balances} />
        )}
      </Section>
    </Page>
  );
}
