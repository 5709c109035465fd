import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { SmartProduct } from '@openbourse/contracts/earn.ts';
import type { PlanTerms } from '@openbourse/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { useBuySmart } from '../api/smart-plans';
import { useDays, useShare } from './use-share';

/**
 * The last look before buying: the amount, term, daily yield, what it pays a day and over the term,
 * the maturity date, and what leaving early would cost; then order/buySmart.
 */
export function BuyDialog({
  product,
  amount,
  terms,
  onClose,
  onBought,
}: {
  product: SmartProduct;
  /** The amount as typed (sent as is: the server reads it with the currency's scale). */
  amount: string;
  /** The figures as of the moment the dialog opened; null: closed. */
  terms: PlanTerms | null;
  onClose(): void;
  onBought(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const days = useDays();
  const isDesktop = useSession((s) => s.isDesktop);
  const buy = useBuySmart();
  const [error, setError] = useState<string | null>(null);
  const money = (v: string) => format.money(v, product.currency);
  const close = () => {
    setError(null);
    buy.reset();
    onClose();
  };
  const confirm = () => {
    if (!terms || buy.isPending) return;
    setError(null);
    buy.mutate(
      { productId: product.id, days: terms.days, amount },
      {
        onSuccess(answer) {
          toast.success(answer.msg && answer.msg !== 'Success' ? answer.msg : errorText(SuccessCode.PurchaseSuccess));
          setError(null);
          buy.reset();
          onBought();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const rows: [string, string, string][] = terms
    ? [
        ['product', t('trading.calc.product'), product.name],
        ['amount', t('trading.calc.amount'), money(terms.principal)],
        ['term', t('trading.calc.term'), days(terms.days)],
        ['dailyYield', t('trading.columns.dailyYield'), share(terms.dailyYield)],
        ['dailyIncome', t('trading.calc.dailyIncome'), money(terms.dailyIncome)],
        ['totalIncome', t('trading.calc.totalIncome', { days: days(terms.days) }), money(terms.totalIncome)],
        ['maturesAt', t('trading.calc.maturesAt'), format.dateTime(new Date(terms.maturesAt).toISOString())],
        ['totalReturn', t('trading.calc.totalReturn'), money(terms.totalReturn)],
        ['exitCost', t('trading.calc.exitCost', { share: share(terms.exitPenalty) }), money(terms.exitCost)],
      ]
    : [];
  return (
    <Modal
      open={terms !== null}
      onClose={close}
      title={t('trading.buy.confirmTitle')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="smart-buy-dialog"
    >
      {terms ? (
        <div className="smart-dialog">
          <dl className="details smart-dialog__figures">
            {rows.map(([key, label, value]) => (
              <div key={key} className={`details__row smart-figures__${key}`}>
                <dt>{label}</dt>
                <dd data-testid={`smart-buy-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="smart-dialog__text" data-testid="smart-buy-text">
            {t('trading.buy.confirmText', {
              amount: money(terms.principal),
              share: share(terms.exitPenalty),
              cost: money(terms.exitCost),
            })}
          </p>
          {error ? (
            <p className="notice-bar" role="alert" data-testid="smart-buy-error">
              <IconAlert />
              <span>{error}</span>
            </p>
          ) : null}
          <div className="smart-dialog__actions">
            <Button variant="secondary" onClick={close} data-testid="smart-buy-cancel">
              {t('trading.buy.cancel')}
            </Button>
            <Button onClick={confirm} loading={buy.isPending} data-autofocus data-testid="smart-buy-confirm">
              {t('trading.buy.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
