import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { directionOf, usePairFormat } from '../hooks/use-pair-format';

/** The pair, its book's last price and 24 hours, and the feed's price beside them (marked as the feed's). */
export function PairHeader({ pair, lastPrice }: { pair: SpotPair; lastPrice: string | null }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const dir = directionOf(pair.change24h);
  const items = [
    { key: 'change', label: t('spot.columns.change'), value: f.change(pair.change24h), className: `change--${dir}` },
    { key: 'high', label: t('spot.head.high'), value: f.price(pair.high24h) },
    { key: 'low', label: t('spot.head.low'), value: f.price(pair.low24h) },
    { key: 'volume', label: t('spot.head.volume', { currency: pair.base }), value: f.qty(pair.volume24h) },
    {
      key: 'quoteVolume',
      label: t('spot.head.volume', { currency: pair.quote }),
      value: f.format.decimal(pair.quoteVolume24h, { minFractionDigits: 2, maxFractionDigits: 2 }),
    },
  ];
  return (
    <div className="spot-head">
      <div className="spot-head__title">
        <h2 className="spot-head__symbol" data-testid="spot-symbol">
          {pair.symbol}
        </h2>
        {pair.enabled ? null : <Badge tone="warn">{t('spot.disabled')}</Badge>}
      </div>
      <dl className="spot-head__figures">
        <div>
          <dt>{t('spot.columns.last')}</dt>
          <dd className={`num spot-head__last change--${dir}`} data-testid="spot-last">
            {f.price(lastPrice)}
          </dd>
        </div>
        {items.map((item) => (
          <div key={item.key}>
            <dt>{item.label}</dt>
            <dd className={`num ${item.className ?? ''}`} data-testid={`spot-head-${item.key}`}>
              {item.value}
            </dd>
          </div>
        ))}
        <div className="spot-head__reference">
          <dt>{t('spot.head.reference')}</dt>
          <dd className="num" data-testid="spot-reference" title={t('spot.head.referenceHint')}>
            {f.price(pair.referencePrice)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
