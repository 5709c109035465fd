import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconShield } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';
import { compareDecimal } from '@/shared/lib/decimal';
import { useRate } from './calculator';

/** The products on offer, each a card: range, terms, daily rate, free days, when KYC is needed. */
export function ProductList({
  products,
  selectedId,
  onChoose,
}: {
  products: readonly LoanProduct[];
  selectedId: number | null;
  onChoose(product: LoanProduct): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = useRate();
  return (
    <ul className="loan-products" data-testid="loan-products">
      {products.map((p) => {
        const money = (v: string) => format.money(v, p.currency);
        const selected = p.id === selectedId;
        return (
          <li
            key={p.id}
            className={`loan-product ${selected ? 'is-selected' : ''}`.trim()}
            data-testid="loan-product-card"
            data-id={p.id}
          >
            <p className="loan-product__name">{p.name}</p>
            <dl className="loan-product__facts">
              <div>
                <dt>{t('loan.columns.amount')}</dt>
                <dd data-testid="loan-product-range">
                  {t('loan.rangeValue', { min: money(p.minAmount), max: money(p.maxAmount) })}
                </dd>
              </div>
              <div>
                <dt>{t('loan.columns.term')}</dt>
                <dd>{t('loan.days', { days: p.termDays.map((d) => format.integer(d)).join(' · ') })}</dd>
              </div>
              <div>
                <dt>{t('loan.columns.rate')}</dt>
                <dd data-testid="loan-product-rate">{rate(p.dailyRate)}</dd>
              </div>
              <div>
                <dt>{t('loan.columns.freeDays')}</dt>
                <dd>{format.integer(p.freeDays)}</dd>
              </div>
            </dl>
            <p className="loan-product__kyc">
              <IconShield />
              {compareDecimal(p.kycFrom, '0') <= 0 ? t('loan.kycAll') : t('loan.kycFrom', { amount: money(p.kycFrom) })}
            </p>
            <Button
              size="sm"
              variant={selected ? 'primary' : 'secondary'}
              onClick={() => onChoose(p)}
              aria-pressed={selected}
              data-testid="loan-product-choose"
            >
              {selected ? t('loan.chosen') : t('loan.choose')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
