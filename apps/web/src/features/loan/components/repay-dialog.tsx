import type { LoanRecord } from '@openbourse/contracts/loan.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { useRepayLoan } from '../api/loans';

/**
 * The last look before repaying: what it costs now (principal and the interest accrued so far,
 * as the server counts it; a day that ends meanwhile adds its interest), then user/approveBack.
 */
export function RepayDialog({ loan, onClose }: { loan: LoanRecord | null; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isDesktop = useSession((s) => s.isDesktop);
  const repay = useRepayLoan();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    repay.reset();
    onClose();
  };
  const confirm = () => {
    if (!loan || repay.isPending) return;
    setError(null);
    repay.mutate(
      { id: loan.id },
      {
        onSuccess(answer) {
          toast.success(answer.msg && answer.msg !== 'Success' ? answer.msg : t('loan.repay.done'));
          close();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Modal
      open={loan !== null}
      onClose={close}
      title={t('loan.repay.title')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="loan-repay-dialog"
    >
      {loan ? (
        <div className="loan-repay">
          <p className="loan-repay__amount" data-testid="loan-repay-amount">
            {format.money(loan.owed, loan.currency)}
          </p>
          <p className="loan-repay__text">
            {t('loan.repay.text', {
              principal: format.money(loan.principal, loan.currency),
              interest: format.money(loan.interestAccrued, loan.currency),
            })}
          </p>
          {error ? (
            <p className="notice-bar" role="alert" data-testid="loan-repay-error">
              <IconAlert />
              <span>{error}</span>
            </p>
          ) : null}
          <div className="loan-repay__actions">
            <Button variant="secondary" onClick={close} data-testid="loan-repay-cancel">
              {t('loan.repay.cancel')}
            </Button>
            <Button onClick={confirm} loading={repay.isPending} data-autofocus data-testid="loan-repay-confirm">
              {t('loan.repay.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
