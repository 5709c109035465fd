import type { SpotPair, SpotTrade } from '@openbourse/contracts/spot.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { usePairFormat } from '../hooks/use-pair-format';

/** The book's latest trades, newest first, coloured by the side that took. */
export function RecentTrades({
  pair,
  trades,
  error,
  onRetry,
}: {
  pair: SpotPair;
  trades: readonly SpotTrade[] | undefined;
  error: unknown;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  if (!trades) return error ? <QueryError error={error} onRetry={onRetry} /> : <SkeletonRows rows={8} />;
  if (trades.length === 0) return <EmptyState title={t('spot.trades.empty')} />;
  return (
    <table className="spot-trades" data-testid="spot-trades">
      <thead>
        <tr>
          <th scope="col">{t('spot.book.price', { currency: pair.quote })}</th>
          <th scope="col" className="num">
            {t('spot.book.quantity', { currency: pair.base })}
          </th>
          <th scope="col" className="num">
            {t('spot.trades.time')}
          </th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.id} data-testid="spot-trade">
            <td className={`num spot-trades__price change--${trade.side === 'buy' ? 'up' : 'down'}`}>
              <span className="visually-hidden">{t(`market.side.${trade.side}`)} </span>
              {f.price(trade.price)}
            </td>
            <td className="num">{f.qty(trade.quantity)}</td>
            <td className="num spot-trades__time">{f.time(trade.time)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
