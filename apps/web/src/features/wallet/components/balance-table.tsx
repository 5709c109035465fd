import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';
import type { Balance } from '../api/get-balances';
import { CurrencyIcon } from './currency-icon';

export function BalanceTable({ balances }: { balances: readonly Balance[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <table className="data-table balance-table" data-testid="balances-table">
      <thead>
        <tr>
          <th scope="col">{t('wallet.columns.currency')}</th>
          <th scope="col" className="num">
            {t('wallet.columns.available')}
          </th>
          <th scope="col" className="num">
            {t('wallet.columns.locked')}
          </th>
          <th scope="col" className="num">
            {t('wallet.columns.total')}
          </th>
          <th scope="col" className="num">
            {t('wallet.columns.valueUsdt')}
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.map((b) => (
          <tr key={b.currency} data-testid={`balance-${b.currency}`}>
            <th scope="row">
              <span className="asset">
                <CurrencyIcon code={b.currency} />
                <span className="asset__text">
                  <span className="asset__code">{b.currency}</span>
                  <span className="asset__name">{b.name}</span>
                </span>
              </span>
            </th>
            <td className="num" data-label={t('wallet.columns.available')}>
              {format.decimal(b.available)}
            </td>
            <td className="num" data-label={t('wallet.columns.locked')}>
              {format.decimal(b.locked)}
            </td>
            <td className="num num--strong" data-label={t('wallet.columns.total')}>
              {format.decimal(b.total)}
            </td>
            <td
              className="num balance-table__value"
              data-label={t('wallet.columns.valueUsdt')}
              data-testid="balance-value"
            >
              {b.valueUsdt ? (
                <span title={b.priceTickId ? t('wallet.balance.priceTick', { id: b.priceTickId }) : undefined}>
                  ≈ {format.money(b.valueUsdt, 'USDT', { code: false })}
                </span>
              ) : (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">{t('wallet.balance.noPrice')}</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
