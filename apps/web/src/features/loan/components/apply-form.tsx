import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import type { LoanProduct } from '@openbourse/contracts/loan.ts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { toast } from '@/shared/components/toast/toast-store';
import { useSiteName } from '@/shared/api/get-param';
import { useFormat } from '@/shared/hooks/use-format';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { useApplyLoan } from '../api/loans';
import { type SignatureHandle, SignatureBox } from './signature-box';

type Problem = { text: string; kyc?: boolean };

/**
 * The agreement (texts 90001–90005 filled with today's date, the platform as lender, the user as
 * borrower and the principal), the signature box and "I have read and agree". Unsigned or
 * unticked, nothing is sent (the server would answer 40056 'not signed').
 */
export function ApplyForm({
  product,
  amount,
  termDays,
  ready,
  kycBlocked,
  onInvalid,
  onApplied,
}: {
  product: LoanProduct;
  amount: string;
  termDays: number;
  /** Whether the calculator holds an amount and a term the product offers. */
  ready: boolean;
  /** The amount needs a verified identity the user has not got (10022). */
  kycBlocked: boolean;
  /** The calculator is asked to say what is wrong with the amount. */
  onInvalid(): void;
  onApplied(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const site = useSiteName();
  const user = useSession((s) => s.user);
  const signature = useRef<SignatureHandle>(null);
  const [signed, setSigned] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ signature?: string; agreed?: string; form?: Problem }>({});
  const apply = useApplyLoan();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    const found: typeof errors = {};
    if (!ready) {
      onInvalid();
      found.form = { text: t('loan.apply.checkAmount') };
    } else if (kycBlocked) {
      found.form = { text: errorText(ErrorCode.NotAuthenticated), kyc: true };
    }
    const image = signature.current && !signature.current.isEmpty() ? signature.current.toDataURL() : '';
    if (!image) found.signature = errorText(ErrorCode.LoanAgreement7);
    if (!agreed) found.agreed = errorText(ErrorCode.LoanNotSigned);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    apply.mutate(
      { productId: product.id, amount: amount.trim(), termDays, signature: image, agreed: true },
      {
        onSuccess(answer) {
          toast.success(answer.msg || errorText(SuccessCode.SubmittedForReview));
          signature.current?.clear();
          setAgreed(false);
          setErrors({});
          onApplied();
        },
        onError(error) {
          const code = error instanceof ApiError ? error.code : 0;
          if (code === ErrorCode.LoanNotSigned) setErrors({ signature: errorMessage(error) });
          else setErrors({ form: { text: errorMessage(error), kyc: code === ErrorCode.NotAuthenticated } });
        },
      },
    );
  };

  const principal = ready ? format.money(amount.trim(), product.currency) : '—';
  return (
    <form className="form loan-apply" onSubmit={onSubmit} noValidate data-testid="loan-apply">
      {/* Scrolls when long: focusable, so a keyboard user can scroll it to read it all. */}
      <article
        className="loan-agreement"
        data-testid="loan-agreement"
        aria-labelledby="loan-agreement-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be read by keyboard
        tabIndex={0}
      >
        <h3 className="loan-agreement__title" id="loan-agreement-title">
          {errorText(ErrorCode.LoanAgreement1)}
        </h3>
        <p>
          {errorText(ErrorCode.LoanAgreement2, {
            date: format.date(new Date().toISOString()),
            lender: site,
            borrower: user?.username ?? '',
          })}
        </p>
        <p data-testid="loan-agreement-principal">{errorText(ErrorCode.LoanAgreement3, { principal })}</p>
        <p>{errorText(ErrorCode.LoanAgreement4)}</p>
        <p>{errorText(ErrorCode.LoanAgreement5)}</p>
      </article>
      <SignatureBox
        ref={signature}
        error={errors.signature}
        onChange={(ink) => {
          setSigned(ink);
          if (ink) setErrors(({ signature: _, ...rest }) => rest);
        }}
      />
      <div className={`field ${errors.agreed ? 'field--invalid' : ''}`.trim()}>
        <label className="loan-agree">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setErrors(({ agreed: _, ...rest }) => rest);
            }}
            aria-invalid={errors.agreed ? true : undefined}
            data-testid="loan-agree"
          />
          <span>{errorText(ErrorCode.LoanAgreement8)}</span>
        </label>
        {errors.agreed ? (
          <p className="field__error" role="alert" data-testid="loan-agree-error">
            {errors.agreed}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <div className="notice-bar loan-apply__error" role="alert" data-testid="loan-apply-error">
          <IconAlert />
          <span>{errors.form.text}</span>
          {errors.form.kyc ? (
            <ButtonLink to="/profile/verify" size="sm" data-testid="loan-apply-kyc">
              {t('loan.verifyNow')}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <Button
        type="submit"
        size="lg"
        block
        loading={apply.isPending}
        data-testid="loan-submit"
        data-signed={signed ? 'true' : 'false'}
      >
        {t('loan.apply.submit')}
      </Button>
    </form>
  );
}
