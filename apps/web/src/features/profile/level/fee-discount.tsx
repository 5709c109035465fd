import type { FeeDiscount } from '@openbourse/contracts/levels.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';

/** "(VIP 2: −10 %)" beside a fee that already has the level's discount; nothing without one. */
export function FeeDiscountNote({ discount }: { discount: FeeDiscount | null | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!discount) return null;
  return (
    <span className="fee-discount" data-testid="fee-discount">
      {' '}
      {t('levels.feeNote', { name: discount.name, percent: f.percent(discount.discount) })}
    </span>
  );
}
