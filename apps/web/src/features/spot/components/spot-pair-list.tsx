import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconSearch, IconSwap } from '@/shared/components/icons';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useSpotPairs } from '../api/list-spot-pairs';
import { directionOf, usePairFormat } from '../hooks/use-pair-format';
import '../spot.css';

/** Symbol, base or quote, case- and separator-insensitive ("btcusdt", "btc/usdt", "usdt"). */
export function matchesPair(pair: Pick<SpotPair, 'symbol' | 'base' | 'quote'>, search: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[\s/._-]/g, '');
  const q = norm(search);
  return !q || norm(pair.symbol).includes(q) || norm(pair.base).includes(q) || norm(pair.quote).includes(q);
}

function PairRow({ pair, selected, onSelect }: { pair: SpotPair; selected: boolean; onSelect(pair: SpotPair): void }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const dir = directionOf(pair.change24h);
  return (
    <tr
      className={`market-row is-clickable ${selected ? 'is-selected' : ''}`}
      onClick={() => onSelect(pair)}
      data-testid={`spot-row-${pair.base}${pair.quote}`}
    >
      <th scope="row">
        <span className="spot-pair-cell">
          <button
            type="button"
            className="spot-pair-cell__symbol"
            onClick={(e) => {
              e.stopPropagation();
              onSelect(pair);
            }}
          >
            {pair.symbol}
          </button>
          {pair.enabled ? null : <Badge tone="warn">{t('spot.disabled')}</Badge>}
        </span>
      </th>
      <td className="num num--strong" data-label={t('spot.columns.last')}>
        {f.price(pair.lastPrice)}
      </td>
      <td className={`num change--${dir}`} data-label={t('spot.columns.change')}>
        {f.change(pair.change24h)}
      </td>
      <td className="num" data-label={t('spot.columns.volume')}>
        <span dir="ltr">
          {f.qty(pair.volume24h)} <span className="spot-unit">{pair.base}</span>
        </span>
      </td>
    </tr>
  );
}

/** The spot pairs (the Spot tab of /market) with their last price, 24 h change and volume. */
export function SpotPairList({
  search,
  selectedId,
  onSelect,
}: {
  search: string;
  selectedId: number | null;
  onSelect(pair: SpotPair): void;
}) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useSpotPairs();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={4} />;
  if (data.length === 0) return <EmptyState icon={<IconSwap />} title={t('spot.empty')} text={t('spot.emptyText')} />;
  const visible = data.filter((p) => matchesPair(p, search));
  return (
    <>
      {visible.length === 0 ? (
        <EmptyState icon={<IconSearch />} title={t('market.searchEmpty', { search })} />
      ) : (
        <div className="table-scroll">
          <table className="data-table market-table spot-pairs" data-testid="spot-pairs">
            <thead>
              <tr>
                <th scope="col">{t('spot.columns.pair')}</th>
                <th scope="col" className="num">
                  {t('spot.columns.last')}
                </th>
                <th scope="col" className="num">
                  {t('spot.columns.change')}
                </th>
                <th scope="col" className="num">
                  {t('spot.columns.volume')}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((p) => (
                <PairRow key={p.id} pair={p} selected={p.id === selectedId} onSelect={onSelect} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selectedId === null ? <p className="market-note">{t('spot.pickHint')}</p> : null}
    </>
  );
}
