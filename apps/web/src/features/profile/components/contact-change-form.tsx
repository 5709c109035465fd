import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import { ChangeContactRequest } from '@openbourse/contracts/account.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { CodeField } from '@/shared/components/send-code-button';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { useChangeContact, useSendContactCode } from '../api/account';

export type ContactKind = 'email' | 'phone';

const EMPTY = { email: '', areaCode: '', phone: '', oldCode: '', newCode: '' };
const CODE_ERRORS = [10089, 10090, 10091, 40007, 40008];

/**
 * Binds or changes the email address or the phone number: a code to the current address proves
 * it is the owner's (not asked when there is none yet), a code to the new one proves it reaches them.
 */
export function ContactChangeForm({ kind, current }: { kind: ContactKind; current: string | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const oldCountdown = useCountdown();
  const newCountdown = useCountdown();
  const send = useSendContactCode();
  const change = useChangeContact();
  const prefix = `contact-${kind}`;
  const update = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const showError = (error: unknown, field: string) => {
    toast.error(errorMessage(error));
    if (error instanceof ApiError && error.kind === 'server') {
      const target = CODE_ERRORS.includes(error.code) ? field : (error.field ?? field);
      setErrors((e) => ({ ...e, [target]: error.message }));
    }
  };
  const onSend = (step: 'old' | 'new') => {
    const body =
      step === 'old'
        ? { step, kind }
        : kind === 'email'
          ? { step, kind, email: values.email }
          : { step, kind, areaCode: values.areaCode, phone: values.phone };
    send.mutate(body, {
      onSuccess(result) {
        (step === 'old' ? oldCountdown : newCountdown).start(result.resendAfterSeconds);
        toast.success(t('form.codeSent', { to: result.sentTo }));
      },
      onError: (error) => showError(error, step === 'old' ? 'oldCode' : kind === 'email' ? 'email' : 'phone'),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input =
      kind === 'email'
        ? { kind, email: values.email, newCode: values.newCode, ...(current ? { oldCode: values.oldCode } : {}) }
        : {
            kind,
            areaCode: values.areaCode,
            phone: values.phone,
            newCode: values.newCode,
            ...(current ? { oldCode: values.oldCode } : {}),
          };
    const checked = validate(ChangeContactRequest, input);
    if (current && !values.oldCode) {
      setErrors({ ...(checked.errors ?? {}), oldCode: errorText(ErrorCode.CodeRequired) });
      return;
    }
    if (!checked.data) {
      setErrors(checked.errors ?? {});
      return;
    }
    change.mutate(checked.data, {
      onSuccess(response) {
        toast.success(response.msg || errorText(SuccessCode.ModifiedSuccessfully));
        setValues(EMPTY);
      },
      onError: (error) => showError(error, 'newCode'),
    });
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid={`${prefix}-form`}>
      {current ? (
        <CodeField
          value={values.oldCode}
          onChange={(code) => update('oldCode', code)}
          error={errors.oldCode}
          hint={t('info.contact.oldCodeHint', { address: current })}
          onSend={() => onSend('old')}
          secondsLeft={oldCountdown.secondsLeft}
          pending={send.isPending}
          testPrefix={`${prefix}-old`}
        />
      ) : null}
      {kind === 'email' ? (
        <TextField
          label={t('info.contact.newEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
          testId={`${prefix}-address`}
        />
      ) : (
        <div className="contact-phone">
          <TextField
            label={t('info.contact.areaCode')}
            inputMode="numeric"
            value={values.areaCode}
            onChange={(e) => update('areaCode', e.target.value.replace(/[^\d+]/g, '').slice(0, 5))}
            error={errors.areaCode}
            testId={`${prefix}-area-code`}
          />
          <TextField
            label={t('info.contact.newPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={values.phone}
            onChange={(e) => update('phone', e.target.value)}
            error={errors.phone}
            testId={`${prefix}-address`}
          />
        </div>
      )}
      <CodeField
        value={values.newCode}
        onChange={(code) => update('newCode', code)}
        error={errors.newCode}
        hint={t('info.contact.newCodeHint')}
        onSend={() => onSend('new')}
        secondsLeft={newCountdown.secondsLeft}
        pending={send.isPending}
        testPrefix={`${prefix}-new`}
      />
      <Button type="submit" loading={change.isPending} data-testid={`${prefix}-submit`}>
        {current ? t('info.contact.change') : t('info.contact.bind')}
      </Button>
    </form>
  );
}
