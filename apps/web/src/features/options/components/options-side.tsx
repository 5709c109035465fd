import type { MarketInfo } from '@openbourse/contracts/market.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionSeries } from '../api/options';
import { OptionsTicket } from './options-ticket';
import '../options.css';

export type TicketProduct = 'margin' | 'options';

/**
 * Above the market's order ticket: a "Margin | Options" switch when the instrument has option
 * series, and the options ticket when Options is chosen. Nothing at all when it has none (and the
 * choice falls back to margin), so the margin ticket stays where it was.
 */
export function OptionsSide({
  info,
  product,
  onProduct,
}: {
  info: MarketInfo;
  product: TicketProduct;
  onProduct(product: TicketProduct): void;
}) {
  const { t } = useTranslation();
  const { data, isError } = useOptionSeries(info.id);
  const list = data ?? [];
  const [seriesId, setSeriesId] = useState<number | null>(null);
  const none = list.length === 0;
  // Only once the instrument's answer is in: another instrument's Options choice holds while it loads.
  const answeredNone = none && (data !== undefined || isError);
  useEffect(() => {
    if (answeredNone && product === 'options') onProduct('margin');
  }, [answeredNone, product, onProduct]);
  if (none) return null;
  const series = list.find((s) => s.id === seriesId) ?? list[0];
  if (!series) return null;
  return (
    <>
      <fieldset className="opt-switch" aria-label={t('options.switch.label')} data-testid="product-switch">
        {(['margin', 'options'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className={`opt-switch__item ${product === p ? 'is-active' : ''}`}
            aria-pressed={product === p}
            onClick={() => onProduct(p)}
            data-testid={`product-${p}`}
          >
            {t(`options.switch.${p}`)}
          </button>
        ))}
      </fieldset>
      {product === 'options' ? (
        <>
          {list.length > 1 ? (
            <fieldset className="ticket__types" aria-label={t('options.ticket.currency')}>
              {list.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className={`period-switch__item ${s.id === series.id ? 'is-active' : ''}`}
                  aria-pressed={s.id === series.id}
                  onClick={() => setSeriesId(s.id)}
                  data-testid={`options-series-${s.id}`}
                >
                  {s.currency}
                </button>
              ))}
            </fieldset>
          ) : null}
          <OptionsTicket key={series.id} series={series} info={info} />
        </>
      ) : null}
    </>
  );
}
