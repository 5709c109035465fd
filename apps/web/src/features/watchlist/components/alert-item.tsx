import type { PriceAlert } from '@openbourse/contracts/watchlist.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconClose } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';
import { useInstrumentName } from '@/shared/lib/instrument-name';

/**
 * One alert: its instrument, its rule ("At or above 96,000.00"), where the price was when it was
 * set, and once fired, the price and recorded tick that fired it and when; a delete button named
 * for what it deletes.
 */
export function AlertItem({
  alert,
  onDelete,
  deleting = false,
  showInstrument = true,
}: {
  alert: PriceAlert;
  onDelete(alert: PriceAlert): void;
  deleting?: boolean;
  showInstrument?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = useInstrumentName()(alert.code, alert.name);
  const digits = { minFractionDigits: alert.priceDecimals, maxFractionDigits: alert.priceDecimals };
  const price = format.decimal(alert.price, digits);
  const above = alert.condition === 'above';
  const rule = above ? t('watchlist.ruleAbove', { price }) : t('watchlist.ruleBelow', { price });
  const fired = alert.status === 'fired' && alert.firedAt !== null && alert.firedPrice !== null;
  return (
    <li
      className={`alert-item ${fired ? 'alert-item--fired' : ''}`.trim()}
      data-testid="alert-item"
      data-status={alert.status}
      data-condition={alert.condition}
    >
      <span className={`alert-item__arrow alert-item__arrow--${alert.condition}`} aria-hidden="true">
        {above ? '↑' : '↓'}
      </span>
      <span className="alert-item__main">
        {showInstrument ? (
          <Link className="alert-item__instrument" to={`/market?id=${encodeURIComponent(alert.code)}`}>
            {name} <span className="alert-item__code">{alert.code}</span>
          </Link>
        ) : null}
        <span className="alert-item__rule" data-testid="alert-rule">
          {rule}
        </span>
        <span className="alert-item__meta">
          {fired ? (
            <span data-testid="alert-fired">
              {t('watchlist.firedAt', {
                price: format.decimal(alert.firedPrice as string, digits),
                time: format.dateTime(new Date(alert.firedAt as number).toISOString()),
              })}{' '}
              · {t('watchlist.tick', { id: alert.firedTickId ?? '' })}
            </span>
          ) : (
            t('watchlist.setAt', {
              price: format.decimal(alert.createdPrice, digits),
              time: format.dateTime(new Date(alert.createdAt).toISOString()),
            })
          )}
        </span>
      </span>
      <button
        type="button"
        className="icon-button alert-item__delete"
        onClick={() => onDelete(alert)}
        disabled={deleting}
        aria-label={
          above
            ? t('watchlist.deleteAbove', { code: alert.code, price })
            : t('watchlist.deleteBelow', { code: alert.code, price })
        }
        data-testid="alert-delete"
      >
        <IconClose />
      </button>
    </li>
  );
}
