import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/shared/components/toast/toast-store';
import { completeLogin, isChallenge, TWO_FACTOR_PATH, welcomeKey } from '../components/complete-login';

/** A proved sign-in: the second-factor page when the account has one, else the session and onwards. */
export function useFinishSignIn(redirect: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (outcome: SignInOutcome) => {
    if (isChallenge(outcome)) {
      navigate(TWO_FACTOR_PATH, { state: { challenge: outcome.twoFactor, redirect }, replace: true });
      return;
    }
    completeLogin(queryClient, outcome);
    toast.success(t(welcomeKey(outcome), { name: outcome.user.username }));
    navigate(redirect, { replace: true });
  };
}
