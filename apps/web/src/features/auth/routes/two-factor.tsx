import type { TwoFactorChallenge } from '@openbourse/contracts/auth.ts';
import type { PasskeyAssertion, SecondFactorProof } from '@openbourse/contracts/twofactor.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/shared/components/button';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { safeRedirect } from '@/shared/lib/redirect';
import { twoFactorApi } from '@/shared/twofactor/api';
import { type FactorState, initialFactor, proofOf, SecondFactorField } from '@/shared/twofactor/second-factor-field';
import { AuthLayout } from '../components/auth-layout';
import { completeLogin } from '../components/complete-login';

type State = { challenge?: TwoFactorChallenge['twoFactor']; redirect?: string } | null;

/** The sign-in's second step: the password was right, the account has a second factor (/pass/two-factor). */
export default function TwoFactorRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useLocation().state as State;
  const challenge = state?.challenge;
  const redirect = safeRedirect(state?.redirect ?? null);
  const [factor, setFactor] = useState<FactorState>(() => initialFactor(challenge?.methods ?? []));
  const [error, setError] = useState('');
  useDocumentTitle(t('twofactor.signIn.title'));
  const answer = useMutation({
    mutationFn: (proof: SecondFactorProof) => twoFactorApi.signIn(challenge!.ticket, proof),
  });

  if (!challenge) return <Navigate to="/pass/login" replace />;

  const send = (proof: SecondFactorProof | undefined) => {
    if (!proof) {
      setError(t('twofactor.enterCode'));
      return;
    }
    answer.mutate(proof, {
      onSuccess(result) {
        completeLogin(queryClient, result);
        toast.success(t('auth.login.welcome', { name: result.user.username }));
        navigate(redirect, { replace: true });
      },
      onError(err) {
        // An expired or used ticket: back to the password.
        if (err instanceof ApiError && err.code === 40122) {
          toast.error(errorMessage(err));
          navigate('/pass/login', { replace: true });
          return;
        }
        setError(errorMessage(err));
        setFactor((f) => ({ ...f, code: '', passkey: null }));
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(proofOf(factor));
  };

  return (
    <AuthLayout
      title={t('twofactor.signIn.title')}
      subtitle={t('twofactor.signIn.subtitle')}
      footer={
        <p>
          <Link to="/pass/login" data-testid="two-factor-back">
            {t('twofactor.signIn.back')}
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="two-factor-form">
        <SecondFactorField
          idPrefix="two-factor"
          methods={challenge.methods}
          value={factor}
          onChange={(next) => {
            setFactor(next);
            setError('');
          }}
          passkeyOptions={() => twoFactorApi.signInPasskeyOptions(challenge.ticket)}
          onPasskey={(assertion: PasskeyAssertion) => send({ method: 'passkey', response: assertion })}
          error={error}
        />
        {factor.mode !== 'passkey' ? (
          <Button type="submit" size="lg" block loading={answer.isPending} data-testid="two-factor-submit">
            {t('twofactor.signIn.submit')}
          </Button>
        ) : null}
      </form>
    </AuthLayout>
  );
}
