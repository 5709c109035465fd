import type { SmartPlan } from '@openbourse/contracts/earn.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { Modal } from '@/shared/components/modal';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { useExitSmart } from '../api/smart-plans';
import { useShare } from './use-share';

/**
 * The last look before leaving a plan early: the penalty share, what it keeps and what returns (as
 * the server counts it: `exitCost`, `exitReturn`), the yields paid so far kept; then order/exitSmart.
 */
export function ExitDialog({ plan, onClose }: { plan: SmartPlan | null; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const isDesktop = useSession((s) => s.isDesktop);
  const exit = useExitSmart();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    exit.reset();
    onClose();
  };
  const confirm = () => {
    if (!plan || exit.isPending) return;
    setError(null);
    exit.mutate(
      { id: plan.id },
      {
        onSuccess(answer) {
          toast.success(answer.msg && answer.msg !== 'Success' ? answer.msg : t('trading.exit.done'));
          close();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const money = (v: string) => (plan ? format.money(v, plan.currency) : v);
  const rows: [string, string, string][] = plan
    ? [
        ['amount', t('trading.plan.amount'), money(plan.amount)],
        ['penalty', t('trading.exit.penaltyShare'), share(plan.exitPenalty)],
        ['cost', t('trading.exit.cost'), money(plan.exitCost)],
        ['return', t('trading.exit.return'), money(plan.exitReturn)],
        ['income', t('trading.exit.kept'), money(plan.income)],
      ]
    : [];
  return (
    <Modal
      open={plan !== null}
      onClose={close}
      title={t('trading.exit.title')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="smart-exit-dialog"
    >
      {plan ? (
        <div className="smart-dialog">
          <dl className="details smart-dialog__figures">
            {rows.map(([key, label, value]) => (
              <div key={key} className={`details__row smart-exit__${key}`}>
                <dt>{label}</dt>
                <dd data-testid={`smart-exit-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="smart-dialog__text" data-testid="smart-exit-text">
            {t('trading.exit.text', {
              cost: money(plan.exitCost),
              back: money(plan.exitReturn),
              income: money(plan.income),
            })}
          </p>
          {error ? (
            <p className="notice-bar" role="alert" data-testid="smart-exit-error">
              <IconAlert />
              <span>{error}</span>
            </p>
          ) : null}
          <div className="smart-dialog__actions">
            <Button variant="secondary" onClick={close} data-testid="smart-exit-cancel">
              {t('trading.exit.cancel')}
            </Button>
            <Button variant="danger" onClick={confirm} loading={exit.isPending} data-testid="smart-exit-confirm">
              {t('trading.exit.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
