import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconSwap } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { useExchanges } from '../api/exchange';

/** The account's exchanges, newest first: the pair and when, what was paid and received, at what rate (desktop). */
export function ExchangeList() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useExchanges();
  const { rows, data, isPending, error, refetch } = query;
  if (error && !data) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (rows.length === 0) return <EmptyState icon={<IconSwap />} title={t('wallet.exchange.historyEmpty')} />;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="exchange-list">
          <thead>
            <tr>
              <th scope="col">{t('wallet.exchange.pair')}</th>
              <th scope="col" className="num">
                {t('wallet.exchange.paid')}
              </th>
              <th scope="col" className="num">
                {t('wallet.exchange.received')}
              </th>
              <th scope="col" className="num exchange-list__rate">
                {t('wallet.exchange.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((x) => {
              const at = new Date(x.executedAt).toISOString();
              return (
                <tr key={x.quoteId} data-testid="exchange-row">
                  <td className="exchange-list__pair">
                    <span dir="ltr">
                      {x.from} → {x.to}
                    </span>
                    <time dateTime={at}>{format.dateTime(at)}</time>
                  </td>
                  <td className="num" dir="ltr" data-testid="exchange-row-paid">
                    {format.money(x.amount, x.from)}
                  </td>
                  <td className="num" dir="ltr" data-testid="exchange-row-received">
                    {format.money(x.receive, x.to)}
                  </td>
                  <td className="num exchange-list__rate" dir="ltr">
                    {format.decimal(x.rate, { minFractionDigits: 2, maxFractionDigits: 10 })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore query={query} testId="exchange-more" size="sm" />
    </>
  );
}
