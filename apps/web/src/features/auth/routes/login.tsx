import { LoginRequest } from '@openbourse/contracts/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/shared/lib/redirect';
import { Button } from '@/shared/components/button';
import { PasswordField, TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { useSession } from '@/shared/session/use-session';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { completeLogin, isChallenge, TWO_FACTOR_PATH } from '../components/complete-login';
import { GoogleSignIn } from '../google/google-sign-in';
import { WalletSignIn } from '../wallet/wallet-sign-in';

export default function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useLogin();
  useDocumentTitle(t('auth.login.title'));

  if (isLoggedIn && !mutation.isSuccess) return <Navigate to={redirect} replace />;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(LoginRequest, values);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(result) {
        if (isChallenge(result)) {
          navigate(TWO_FACTOR_PATH, { state: { challenge: result.twoFactor, redirect } });
          return;
        }
        completeLogin(queryClient, result);
        toast.success(t('auth.login.welcome', { name: result.user.username }));
        navigate(redirect, { replace: true });
      },
      onError(error) {
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <p>
          {t('auth.login.noAccount')}{' '}
          <Link
            to={`/pass/register${params.get('invite') ? `?invite=${encodeURIComponent(params.get('invite') ?? '')}` : ''}`}
            data-testid="login-to-register"
          >
            {t('auth.login.toRegister')}
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <TextField
          label={t('auth.fields.usernameOrEmail')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => set('username')(e.target.value)}
          error={errors.username}
          testId="login-username"
        />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
          error={errors.password}
          testId="login-password"
          toggleTestId="login-toggle-password"
        />
        <div className="form__row form__row--end">
          <Link to="/pass/reset" className="form__link" data-testid="login-to-reset">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" block loading={mutation.isPending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </form>
      <WalletSignIn redirect={redirect} />
      <GoogleSignIn redirect={redirect} />
    </AuthLayout>
  );
}
