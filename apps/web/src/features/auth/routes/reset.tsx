import { SuccessCode } from '@openbourse/contracts/errors.ts';
import { RepasswordRequest } from '@openbourse/contracts/auth.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRepassword } from '@/shared/api/repassword';
import { Button } from '@/shared/components/button';
import { CodeField } from '@/shared/components/send-code-button';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { AuthLayout } from '../components/auth-layout';
import { type Channel, ChannelForm, ContactFields } from '../components/contact-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { useCodeSender } from '../components/use-code-sender';

interface Values {
  email: string;
  areaCode: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

export default function ResetRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('email');
  const [values, setValues] = useState<Values>({
    email: '',
    areaCode: '',
    phone: '',
    code: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sender = useCodeSender();
  const mutation = useRepassword();
  useDocumentTitle(t('auth.reset.title'));

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const mergeErrors = (more: Record<string, string>) => setErrors((e) => ({ ...e, ...more }));

  const sendCode = () => {
    if (channel === 'phone' && !values.areaCode) {
      mergeErrors({ areaCode: t('form.areaCodeRequired') });
      return;
    }
    sender.send(
      channel === 'email'
        ? { channel: 'email', purpose: 'reset', email: values.email }
        : { channel: 'phone', purpose: 'reset', areaCode: values.areaCode, phone: values.phone },
      mergeErrors,
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      channel === 'email'
        ? {
            type: 'reset' as const,
            channel: 'email' as const,
            email: values.email,
            code: values.code,
            newPassword: values.password,
          }
        : {
            type: 'reset' as const,
            channel: 'phone' as const,
            areaCode: values.areaCode,
            phone: values.phone,
            code: values.code,
            newPassword: values.password,
          };
    const checked = validate(RepasswordRequest, body);
    const found: Record<string, string> = {};
    for (const [field, message] of Object.entries(checked.errors ?? {}))
      found[field === 'newPassword' ? 'password' : field] = message;
    if (channel === 'phone' && !values.areaCode) found.areaCode = t('form.areaCodeRequired');
    if (!values.confirm) found.confirm = t('form.confirmRequired');
    else if (values.confirm !== values.password) found.confirm = t('form.passwordMismatch');
    if (Object.keys(found).length > 0 || !checked.data) {
      setErrors(found);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(response) {
        toast.success(response.msg || errorText(SuccessCode.ModifiedSuccessfully));
        navigate('/pass/login', { replace: true });
      },
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          const field =
            error.field === 'newPassword'
              ? 'password'
              : (error.field ?? ([10090, 10091, 40007, 40008].includes(error.code) ? 'code' : undefined));
          if (field) mergeErrors({ [field]: error.message });
        }
      },
    });
  };

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <p>
          {t('auth.reset.remembered')}{' '}
          <Link to="/pass/login" data-testid="reset-to-login">
            {t('auth.reset.toLogin')}
          </Link>
        </p>
      }
    >
      <ChannelForm
        channel={channel}
        onChannelChange={(c) => {
          setChannel(c);
          setErrors({});
        }}
        onSubmit={onSubmit}
        testPrefix="reset"
      >
        <ContactFields channel={channel} values={values} errors={errors} onChange={update} testPrefix="reset" />
        <CodeField
          value={values.code}
          onChange={(code) => update({ code })}
          error={errors.code}
          onSend={sendCode}
          secondsLeft={sender.secondsLeft}
          pending={sender.pending}
          testPrefix="reset"
        />
        <NewPasswordFields
          label={t('auth.fields.newPassword')}
          password={values.password}
          confirm={values.confirm}
          errors={errors}
          onChange={update}
          testPrefix="reset"
        />
        <Button type="submit" size="lg" block loading={mutation.isPending} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </ChannelForm>
    </AuthLayout>
  );
}
