import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import { type DepositNetwork, RechargeRequest } from '@openbourse/contracts/funding.ts';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert, IconClose } from '@/shared/components/icons';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { compareDecimal, isDecimal } from '@/shared/lib/decimal';
import { validate } from '@/shared/lib/validation';
import { useRecharge } from '../api/recharge';
import { useUploadProof } from '../api/upload-file';
import { ProofImage } from './proof-image';

/** DESIGN §4: uploads are at most 2 MB; a larger file is not sent at all. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const PROOF_ACCEPT = '.jpg,.jpeg,.png,.jp2,.j2k';

type Field = 'amount' | 'txHash' | 'last6' | 'proofFileId';
const FIELDS: readonly Field[] = ['amount', 'txHash', 'last6', 'proofFileId'];
/** Where an error goes: the form's own fields; the upload's `file` is the proof; anything else is the form's. */
const fieldOf = (field: string | undefined): Field | 'form' =>
  field === 'file' ? 'proofFileId' : FIELDS.includes(field as Field) ? (field as Field) : 'form';

/**
 * What the server would say of a well-formed amount, said before sending: more decimals than the
 * currency has (40038), or below the network's minimum (40033). The server checks both again.
 */
function amountError(amount: string, network: DepositNetwork): string | undefined {
  if (!isDecimal(amount)) return undefined;
  const decimals = amount.split('.')[1]?.length ?? 0;
  if (decimals > network.scale) return errorText(ErrorCode.AmountWrong);
  if (compareDecimal(amount, network.minDeposit) < 0) {
    return errorText(ErrorCode.DepositBelowMinimum, { name: network.currency, limit: network.minDeposit });
  }
  return undefined;
}

interface Values {
  amount: string;
  txHash: string;
  last6: string;
}
const EMPTY: Values = { amount: '', txHash: '', last6: '' };

/** The declaration of a deposit sent to the chosen network's address, with its proof image. */
export function DepositForm({ network }: { network: DepositNetwork }) {
  const { t } = useTranslation();
  const format = useFormat();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [proofId, setProofId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const upload = useUploadProof();
  const recharge = useRecharge();
  // Another network: what was typed stays (the proof too), the verdicts on the previous one go.
  const networkKey = `${network.currency}:${network.network}`;
  const [checkedFor, setCheckedFor] = useState(networkKey);
  if (checkedFor !== networkKey) {
    setCheckedFor(networkKey);
    setErrors({});
  }

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as Field];
      delete next.form;
      return next;
    });
  };
  const showErrors = (found: Partial<Record<Field | 'form', string>>) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  const chooseProof = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after a refusal or a removal) fires a change again.
    event.target.value = '';
    if (!file) return;
    setErrors(({ proofFileId: _, form: __, ...rest }) => rest);
    if (file.size > MAX_UPLOAD_BYTES) {
      setErrors((e) => ({ ...e, proofFileId: errorText(ErrorCode.UploadTooLarge) }));
      return;
    }
    setProofId(null);
    upload.mutate(file, {
      onSuccess: (uploaded) => setProofId(uploaded.id),
      onError: (error) => setErrors((e) => ({ ...e, proofFileId: errorMessage(error) })),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (recharge.isPending || upload.isPending) return;
    const checked = validate(RechargeRequest, {
      currency: network.currency,
      network: network.network,
      amount: values.amount,
      txHash: values.txHash,
      last6: values.last6,
      proofFileId: proofId ?? '',
    });
    const found: Partial<Record<Field | 'form', string>> = {};
    for (const [field, text] of Object.entries(checked.errors ?? {})) found[fieldOf(field)] ??= text;
    const amountWrong = found.amount ? undefined : amountError(values.amount.trim(), network);
    if (amountWrong) found.amount = amountWrong;
    if (!checked.data || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    recharge.mutate(checked.data, {
      onSuccess(answer) {
        toast.success(answer.msg || errorText(SuccessCode.DepositSubmitted));
        setValues(EMPTY);
        setProofId(null);
        setErrors({});
        upload.reset();
      },
      onError(error) {
        // The server's text is in the user's language already; it goes on the field it names.
        const to = error instanceof ApiError && error.kind === 'server' ? fieldOf(error.field) : 'form';
        showErrors({ [to]: errorMessage(error) });
      },
    });
  };

  const field = (name: Exclude<Field, 'proofFileId'>) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update({ [name]: e.target.value }),
    error: errors[name],
    testId: `deposit-${name}`,
    autoComplete: 'off',
    spellCheck: false,
  });

  return (
    <form className="form deposit-form" onSubmit={onSubmit} noValidate data-testid="deposit-form">
      <TextField
        {...field('amount')}
        label={t('wallet.deposit.amount')}
        inputMode="decimal"
        dir="ltr"
        hint={t('wallet.deposit.amountHint', { amount: format.money(network.minDeposit, network.currency) })}
        trailing={<span className="field__addon-text">{network.currency}</span>}
      />
      <TextField
        {...field('txHash')}
        label={t('wallet.deposit.txHash')}
        className="deposit-form__mono"
        dir="ltr"
        autoCapitalize="none"
        maxLength={80}
        hint={t('wallet.deposit.txHashHint')}
      />
      <TextField
        {...field('last6')}
        label={t('wallet.deposit.last6')}
        className="deposit-form__mono deposit-form__last6"
        dir="ltr"
        autoCapitalize="none"
        maxLength={6}
      />
      <div className={`field proof-field ${errors.proofFileId ? 'field--invalid' : ''}`.trim()}>
        <span className="field__label" id={`${idPrefix}-proof-label`}>
          {t('wallet.deposit.proof')}
        </span>
        <div className="proof-field__body">
          {proofId ? (
            <>
              <ProofImage fileId={proofId} size="md" testId="deposit-proof-preview" />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setProofId(null);
                  upload.reset();
                }}
                data-testid="deposit-proof-remove"
              >
                <IconClose />
                {t('wallet.deposit.removeProof')}
              </Button>
            </>
          ) : (
            <label className={`btn btn--secondary btn--sm proof-field__pick ${upload.isPending ? 'is-busy' : ''}`}>
              <input
                id={`${idPrefix}-proofFileId`}
                type="file"
                accept={PROOF_ACCEPT}
                className="visually-hidden"
                onChange={chooseProof}
                disabled={upload.isPending}
                aria-labelledby={`${idPrefix}-proof-label`}
                aria-describedby={`${idPrefix}-proof-help`}
                aria-invalid={errors.proofFileId ? true : undefined}
                data-testid="deposit-proof-input"
              />
              {upload.isPending ? t('wallet.deposit.uploading') : t('wallet.deposit.chooseImage')}
            </label>
          )}
        </div>
        {errors.proofFileId ? (
          <p className="field__error" id={`${idPrefix}-proof-help`} role="alert" data-testid="deposit-proof-error">
            {errors.proofFileId}
          </p>
        ) : (
          <p className="field__hint" id={`${idPrefix}-proof-help`}>
            {t('wallet.deposit.proofHint')}
          </p>
        )}
      </div>
      {errors.form ? (
        <p className="notice-bar deposit-form__error" role="alert" data-testid="deposit-form-error">
          <IconAlert />
          <span>{errors.form}</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={recharge.isPending} data-testid="deposit-submit">
        {t('wallet.deposit.submit')}
      </Button>
    </form>
  );
}
