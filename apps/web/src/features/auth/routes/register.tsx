import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { RegisterRequest, Username } from '@openbourse/contracts/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/shared/components/button';
import { CodeField } from '@/shared/components/send-code-button';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { useSession } from '@/shared/session/use-session';
import { checkUser } from '../api/check-user';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { completeLogin } from '../components/complete-login';
import { type Channel, ChannelForm, ContactFields } from '../components/contact-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { TermsNote } from '../components/terms-note';
import { useCodeSender } from '../components/use-code-sender';
import { GoogleSignIn } from '../google/google-sign-in';
import { WalletSignIn } from '../wallet/wallet-sign-in';

interface Values {
  username: string;
  email: string;
  areaCode: string;
  phone: string;
  password: string;
  confirm: string;
  code: string;
  inviteCode: string;
}

export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [channel, setChannel] = useState<Channel>('email');
  const [values, setValues] = useState<Values>({
    username: '',
    email: '',
    areaCode: '',
    phone: '',
    password: '',
    confirm: '',
    code: '',
    inviteCode: (params.get('invite') ?? '').slice(0, 32),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sender = useCodeSender();
  const mutation = useRegister();
  useDocumentTitle(t('auth.register.title'));

  if (isLoggedIn && !mutation.isSuccess) return <Navigate to="/" replace />;

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const mergeErrors = (more: Record<string, string>) => setErrors((e) => ({ ...e, ...more }));

  const checkUsername = async () => {
    if (!Username.safeParse(values.username).success) return;
    try {
      if (await checkUser({ username: values.username.trim() }))
        mergeErrors({ username: errorText(ErrorCode.UsernameExists) });
    } catch {
      // Only a hint; the server checks again on submit.
    }
  };

  const sendCode = () => {
    const request =
      channel === 'email'
        ? ({ channel: 'email', purpose: 'register', email: values.email } as const)
        : ({ channel: 'phone', purpose: 'register', areaCode: values.areaCode, phone: values.phone } as const);
    if (channel === 'phone' && !values.areaCode) {
      mergeErrors({ areaCode: t('form.areaCodeRequired') });
      return;
    }
    sender.send(request, mergeErrors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      username: values.username,
      password: values.password,
      code: values.code,
      inviteCode: values.inviteCode.trim() || undefined,
    };
    const body =
      channel === 'email'
        ? { method: 'email' as const, email: values.email, ...common }
        : { method: 'phone' as const, areaCode: values.areaCode, phone: values.phone, ...common };
    const checked = validate(RegisterRequest, body);
    const found: Record<string, string> = { ...(checked.errors ?? {}) };
    if (channel === 'phone' && !values.areaCode) found.areaCode = t('form.areaCodeRequired');
    if (!values.confirm) found.confirm = t('form.confirmRequired');
    else if (values.confirm !== values.password) found.confirm = t('form.passwordMismatch');
    if (Object.keys(found).length > 0 || !checked.data) {
      // Errors already shown stay (the server's "username exists" among them): editing a field
      // clears its own, so what is left still holds for what the fields say now.
      mergeErrors(found);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(result) {
        completeLogin(queryClient, result);
        toast.success(t('auth.register.welcome', { name: result.user.username }));
        navigate('/', { replace: true });
      },
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          const field = error.field ?? fieldForCode(error.code);
          if (field) mergeErrors({ [field]: error.message });
        }
      },
    });
  };

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <p>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/pass/login" data-testid="register-to-login">
            {t('auth.register.toLogin')}
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
        testPrefix="register"
      >
        <TextField
          label={t('auth.fields.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => update({ username: e.target.value })}
          onBlur={() => void checkUsername()}
          error={errors.username}
          hint={t('auth.fields.usernameHint')}
          testId="register-username"
        />
        <ContactFields channel={channel} values={values} errors={errors} onChange={update} testPrefix="register" />
        <CodeField
          value={values.code}
          onChange={(code) => update({ code })}
          error={errors.code}
          onSend={sendCode}
          secondsLeft={sender.secondsLeft}
          pending={sender.pending}
          testPrefix="register"
        />
        <NewPasswordFields
          label={t('auth.fields.password')}
          password={values.password}
          confirm={values.confirm}
          errors={errors}
          onChange={update}
          testPrefix="register"
        />
        <TextField
          label={t('auth.fields.inviteCode')}
          name="invite"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={values.inviteCode}
          onChange={(e) => update({ inviteCode: e.target.value })}
          error={errors.inviteCode}
          hint={t('common.optional')}
          testId="register-invite"
        />
        <TermsNote />
        <Button type="submit" size="lg" block loading={mutation.isPending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </ChannelForm>
      <WalletSignIn redirect="/" />
      <GoogleSignIn redirect="/" />
    </AuthLayout>
  );
}

/** Which field a registration error is about, when the server did not name one. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, 'username' | 'email' | 'phone' | 'password' | 'code'>> = {
  [ErrorCode.UsernameExists]: 'username',
  [ErrorCode.UsernameWrong]: 'username',
  [ErrorCode.EmailExists]: 'email',
  [ErrorCode.EmailWrong]: 'email',
  [ErrorCode.PhoneExists]: 'phone',
  [ErrorCode.PhoneWrong]: 'phone',
  [ErrorCode.PasswordTooWeak]: 'password',
  [ErrorCode.SendCodeFirst]: 'code',
  [ErrorCode.CodeWrong]: 'code',
  [ErrorCode.CodeExpired]: 'code',
  [ErrorCode.CodeTooManyTries]: 'code',
};

function fieldForCode(code: number): string | undefined {
  return FIELD_OF_CODE[code as ErrorCode];
}
