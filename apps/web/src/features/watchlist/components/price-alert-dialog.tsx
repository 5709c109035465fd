import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { AlertCondition, PriceAlert } from '@openbourse/contracts/watchlist.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/components/button';
import type { InstrumentActionProps } from '@/shared/components/instrument-actions';
import { Modal } from '@/shared/components/modal';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { useSession } from '@/shared/session/use-session';
import { useAddPriceAlert } from '../api/add-price-alert';
import { useRemovePriceAlert } from '../api/remove-price-alert';
import { directionOf, type TargetError, targetError } from '../lib/alert-form';
import { AlertItem } from './alert-item';

/**
 * Sets a price alert on one instrument: the price now (live), the direction and the target;
 * below, the alerts already waiting on it, each removable.
 */
export function PriceAlertDialog({
  instrument,
  last,
  waiting,
  onClose,
}: {
  instrument: InstrumentActionProps;
  /** The last price the page has (the live feed's newer one wins). */
  last: string | undefined;
  waiting: readonly PriceAlert[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const isDesktop = useSession((s) => s.isDesktop);
  const tick = useLiveQuote(instrument.instrumentId);
  const now = tick?.last ?? last;
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [target, setTarget] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddPriceAlert();
  const remove = useRemovePriceAlert();
  const groupId = useId();
  const digits = { minFractionDigits: instrument.priceDecimals, maxFractionDigits: instrument.priceDecimals };

  const error = targetError(target, condition, now, instrument.priceDecimals);
  const errorText = (e: TargetError) =>
    e.key === 'decimals' ? t('watchlist.errors.decimals', { decimals: e.decimals }) : t(`watchlist.errors.${e.key}`);
  const shown = serverError ?? (touched && error ? errorText(error) : undefined);

  const onTarget = (value: string) => {
    setTarget(value);
    setServerError(null);
    // The direction follows the target: above the price is a rise, below it a fall.
    const dir = directionOf(value, now);
    if (dir) setCondition(dir);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    add.mutate(
      { instrumentId: instrument.instrumentId, condition, price: target.trim() },
      {
        onSuccess: (alert) => {
          const price = format.decimal(alert.price, digits);
          const args = { code: alert.code, price };
          toast.success(condition === 'above' ? t('watchlist.setAbove', args) : t('watchlist.setBelow', args));
          setTarget('');
          setTouched(false);
          onClose();
        },
        onError: (e) => {
          // What the server says about the target itself goes on the field; anything else in a toast.
          if (
            e instanceof ApiError &&
            e.is(ErrorCode.InvalidField, ErrorCode.AlertAlreadyReached, ErrorCode.AlertPriceDecimals)
          ) {
            setServerError(e.message);
          } else toast.error(errorMessage(e));
        },
      },
    );
  };

  const onDelete = (alert: PriceAlert) =>
    remove.mutate(alert.id, {
      onSuccess: () => toast.success(t('watchlist.deleted')),
      onError: (e) => toast.error(errorMessage(e)),
    });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('watchlist.dialogTitle', { name: instrument.name })}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="alert-dialog"
    >
      <form className="alert-form" noValidate onSubmit={submit}>
        <p className="alert-form__now">
          <span>{t('watchlist.priceNow')}</span>
          <span className="num num--strong" data-testid="alert-price-now">
            {now ? format.decimal(now, digits) : '—'}
          </span>
        </p>
        <fieldset className="alert-form__conditions">
          <legend className="field__label" id={groupId}>
            {t('watchlist.condition')}
          </legend>
          {(['above', 'below'] as const).map((c) => (
            <label key={c} className={`alert-form__condition ${condition === c ? 'is-active' : ''}`.trim()}>
              <input
                type="radio"
                name={`${groupId}-condition`}
                value={c}
                checked={condition === c}
                onChange={() => {
                  setCondition(c);
                  setServerError(null);
                }}
                data-testid={`alert-condition-${c}`}
              />
              <span>{t(`watchlist.${c}`)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('watchlist.target')}
          inputMode="decimal"
          autoComplete="off"
          value={target}
          placeholder={now ?? ''}
          onChange={(e) => onTarget(e.target.value)}
          onBlur={() => target && setTouched(true)}
          error={shown}
          hint={t('watchlist.targetHint', { decimals: instrument.priceDecimals })}
          testId="alert-target"
          data-autofocus
        />
        <Button type="submit" block loading={add.isPending} data-testid="alert-submit">
          {t('watchlist.submit')}
        </Button>
      </form>
      <section className="alert-form__existing" aria-labelledby={`${groupId}-existing`}>
        <h3 className="alert-form__heading" id={`${groupId}-existing`}>
          {t('watchlist.onInstrument', { name: instrument.name })}
        </h3>
        {waiting.length === 0 ? (
          <p className="alert-form__none">{t('watchlist.none')}</p>
        ) : (
          <ul className="alert-list" data-testid="alert-dialog-list">
            {waiting.map((a) => (
              <AlertItem
                key={a.id}
                alert={a}
                onDelete={onDelete}
                deleting={remove.isPending && remove.variables === a.id}
                showInstrument={false}
              />
            ))}
          </ul>
        )}
        <Link className="alert-form__all" to="/profile/alerts" onClick={onClose} data-testid="alert-all-link">
          {t('watchlist.allAlerts')}
        </Link>
      </section>
    </Modal>
  );
}
