import type { SmartProduct, TreasuryFigure } from '@openbourse/contracts/earn.ts';
import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCoins } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';
import { useDays, useShare } from './use-share';

/**
 * The products on offer, each a card: what it does, its currency and range, each term with its daily
 * yield, how many plans a user may hold, and the early-exit penalty. A product not sold (switched
 * off for everyone or by itself) is shown as such, without the way to buy it.
 */
export function ProductList({
  products,
  enabled,
  selectedId,
  onChoose,
}: {
  products: readonly SmartProduct[];
  /** Smart trading switched on for everyone. */
  enabled: boolean;
  selectedId: number | null;
  onChoose(product: SmartProduct): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const days = useDays();
  return (
    <ul className="smart-products" data-testid="smart-products">
      {products.map((p) => {
        const money = (v: string) => format.money(v, p.currency);
        const selected = p.id === selectedId;
        const onSale = enabled && p.enabled;
        return (
          <li
            key={p.id}
            className={`smart-product ${selected ? 'is-selected' : ''} ${onSale ? '' : 'is-off'}`.trim()}
            data-testid="smart-product-card"
            data-id={p.id}
            data-enabled={onSale ? 'true' : 'false'}
          >
            <div className="smart-product__head">
              <p className="smart-product__name">{p.name}</p>
              <Badge tone="neutral">{p.currency}</Badge>
              {onSale ? null : (
                <Badge tone="warn" testId="smart-product-off">
                  {t('trading.notEnabled')}
                </Badge>
              )}
            </div>
            {p.description ? <p className="smart-product__text">{p.description}</p> : null}
            <table className="smart-product__terms" data-testid="smart-product-terms">
              <thead>
                <tr>
                  <th scope="col">{t('trading.columns.term')}</th>
                  <th scope="col">{t('trading.columns.dailyYield')}</th>
                </tr>
              </thead>
              <tbody>
                {p.terms.map((term) => (
                  <tr key={term.days}>
                    <td>{days(term.days)}</td>
                    <td data-testid={`smart-product-yield-${term.days}`}>{share(term.dailyYield)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="smart-product__facts">
              <div>
                <dt>{t('trading.columns.range')}</dt>
                <dd data-testid="smart-product-range">
                  {t('trading.rangeValue', { min: money(p.minAmount), max: money(p.maxAmount) })}
                </dd>
              </div>
              <div>
                <dt>{t('trading.columns.exitPenalty')}</dt>
                <dd data-testid="smart-product-penalty">{share(p.exitPenalty)}</dd>
              </div>
              <div>
                <dt>{t('trading.columns.maxPlans')}</dt>
                <dd data-testid="smart-product-max">
                  {p.onePerUser ? t('trading.onePerUser') : format.integer(p.maxPlans)}
                </dd>
              </div>
            </dl>
            <Button
              size="sm"
              variant={selected ? 'primary' : 'secondary'}
              onClick={() => onChoose(p)}
              aria-pressed={selected}
              data-testid="smart-product-choose"
            >
              {selected ? t('trading.chosen') : t('trading.choose')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the treasury has free to back new plans, per currency: the yields come from it, not from trading. */
export function TreasuryNote({ treasury }: { treasury: readonly TreasuryFigure[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (treasury.length === 0) return null;
  return (
    <div className="smart-treasury" data-testid="smart-treasury">
      <IconCoins className="smart-treasury__icon" />
      <div className="smart-treasury__body">
        <p className="smart-treasury__title">{t('trading.treasury.title')}</p>
        <ul className="smart-treasury__list">
          {treasury.map((f) => (
            <li key={f.currency} data-testid={`smart-treasury-${f.currency}`}>
              <span className="smart-treasury__amount">{format.money(f.available, f.currency)}</span>{' '}
              <span className="smart-treasury__reserved">
                {t('trading.treasury.reserved', { amount: format.money(f.reserved, f.currency) })}
              </span>
            </li>
          ))}
        </ul>
        <p className="smart-treasury__text">{t('trading.treasury.text')}</p>
      </div>
    </div>
  );
}
