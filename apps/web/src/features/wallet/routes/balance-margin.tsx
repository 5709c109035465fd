import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChart, IconDocument } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { useMarginAccount } from '../api/get-margin-account';
import { isZeroAmount } from '../api/get-balances';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';

type Metric = 'equity' | 'usedMargin' | 'freeMargin' | 'openPnl';
const METRICS: Metric[] = ['equity', 'usedMargin', 'freeMargin', 'openPnl'];
const TEST_IDS: Record<Metric, string> = {
  equity: 'margin-equity',
  usedMargin: 'margin-used',
  freeMargin: 'margin-free',
  openPnl: 'margin-pnl',
};

/** The margin account (forex, stocks, futures, ETFs): equity, margin and open profit and loss. */
export default function BalanceMarginRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('wallet.margin.title'));
  const { data, error, refetch } = useMarginAccount();
  const values: Record<Metric, string> | null = data
    ? { equity: data.equity, usedMargin: data.usedMargin, freeMargin: data.freeMargin, openPnl: data.openProfit }
    : null;
  const hasPositions = data ? !isZeroAmount(data.usedMargin) : false;
  return (
    <Page
      title={t('wallet.margin.title')}
      subtitle={t('wallet.margin.subtitle')}
      actions={
        <ButtonLink to="/profile/records" variant="secondary" size="sm" data-testid="balance2-records-link">
          <IconDocument />
          {t('wallet.records.title')}
        </ButtonLink>
      }
    >
      <ModeBanner />
      {error ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <dl className="metric-grid">
        {METRICS.map((m) => {
          const value = values?.[m];
          const tone =
            m === 'openPnl' && value && !isZeroAmount(value)
              ? value.startsWith('-')
                ? 'change--down'
                : 'change--up'
              : '';
          return (
            <div key={m} className="card metric">
              <dt className="metric__label">{t(`wallet.margin.${m}`)}</dt>
              <dd className={`metric__value ${tone}`} data-testid={TEST_IDS[m]}>
                {value !== undefined ? (
                  <span dir="ltr" className="metric__figure">
                    <span className="metric__amount">
                      {format.money(value, 'USDT', { signed: m === 'openPnl', code: false })}
                    </span>
                    <span className="metric__unit">USDT</span>
                  </span>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t('wallet.margin.noData')}</span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {data ? (
        <p className="wallet-note" data-testid="stop-out-rule">
          {t('market.positions.stopOutRule', { level: format.percent(data.stopOutLevel) })}
        </p>
      ) : null}
      <Section title={t('wallet.margin.positions')}>
        <EmptyState
          icon={<IconChart />}
          title={
            hasPositions
              ? t('wallet.margin.marginLevel', { level: data?.marginLevel ? format.percent(data.marginLevel) : '—' })
              : t('wallet.margin.empty')
          }
          text={hasPositions ? t('wallet.margin.positionsText') : t('wallet.margin.emptyText')}
          action={
            <ButtonLink to="/market" variant="secondary" size="sm">
              {t('wallet.spot.toMarkets')}
            </ButtonLink>
          }
        />
      </Section>
    </Page>
  );
}
