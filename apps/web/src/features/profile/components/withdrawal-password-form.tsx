import { SuccessCode } from '@openbourse/contracts/errors.ts';
import { RepasswordTxRequest } from '@openbourse/contracts/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@/shared/api/query-keys';
import { useSendCode } from '@/shared/api/send-code';
import { Button } from '@/shared/components/button';
import { CodeField } from '@/shared/components/send-code-button';
import { PasswordField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { useRepasswordTx } from '../api/repassword-tx';

const EMPTY = { code: '', txPassword: '', confirm: '' };

/** Sets or changes the 6-digit withdrawal password; the code goes to the user's own email or phone. */
export function WithdrawalPasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState('');
  const countdown = useCountdown();
  const sendCode = useSendCode();
  const mutation = useRepasswordTx();
  const update = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const onSend = () => {
    sendCode.mutate(
      { channel: 'account', purpose: 'withdrawPassword' },
      {
        onSuccess(result) {
          countdown.start(result.resendAfterSeconds);
          setSentTo(result.sentTo);
          toast.success(t('form.codeSent', { to: result.sentTo }));
        },
        onError(error) {
          toast.error(errorMessage(error));
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(RepasswordTxRequest, { code: values.code, txPassword: values.txPassword });
    const found: Record<string, string> = { ...(checked.errors ?? {}) };
    if (found.txPassword) found.txPassword = t('info.withdrawal.format');
    if (!values.confirm) found.confirm = t('form.confirmRequired');
    else if (values.confirm !== values.txPassword) found.confirm = t('form.passwordMismatch');
    if (Object.keys(found).length > 0 || !checked.data) {
      setErrors(found);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(response) {
        toast.success(response.msg || errorText(SuccessCode.ModifiedSuccessfully));
        setValues(EMPTY);
        void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      },
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          const field = [10090, 10091, 40007, 40008].includes(error.code) ? 'code' : error.field;
          if (field) setErrors((e) => ({ ...e, [field]: error.message }));
        }
      },
    });
  };
  const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="withdrawal-password-form">
      <CodeField
        value={values.code}
        onChange={(code) => update('code', code)}
        error={errors.code}
        hint={sentTo ? t('form.codeSent', { to: sentTo }) : t('info.withdrawal.codeHint')}
        onSend={onSend}
        secondsLeft={countdown.secondsLeft}
        pending={sendCode.isPending}
        testPrefix="withdrawal"
      />
      <PasswordField
        label={t('info.withdrawal.new')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={values.txPassword}
        onChange={(e) => update('txPassword', digitsOnly(e.target.value))}
        error={errors.txPassword}
        hint={t('info.withdrawal.format')}
        testId="withdrawal-password"
      />
      <PasswordField
        label={t('info.withdrawal.confirm')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={values.confirm}
        onChange={(e) => update('confirm', digitsOnly(e.target.value))}
        error={errors.confirm}
        testId="withdrawal-confirm"
      />
      <Button type="submit" loading={mutation.isPending} data-testid="withdrawal-submit">
        {t('info.withdrawal.submit')}
      </Button>
    </form>
  );
}
