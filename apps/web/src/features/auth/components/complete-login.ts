import type { LoginResult, SignInOutcome, TwoFactorChallenge } from '@openbourse/contracts/auth.ts';
import type { QueryClient } from '@tanstack/react-query';
import { userInfoQuery } from '@/shared/api/get-user-info';
import { queryKeys } from '@/shared/api/query-keys';
import { sessionStore } from '@/shared/session/session-store';

/** Stores the session after login or registration (spec §4: token, user info, login flag). */
export function completeLogin(queryClient: QueryClient, result: LoginResult): void {
  queryClient.removeQueries({ queryKey: queryKeys.balances });
  sessionStore.logIn(result.token, result.user);
  queryClient.setQueryData(userInfoQuery(result.token).queryKey, result.user);
}

/**
 * The greeting after a sign-in: a first Google or wallet sign-in that made the account (`created`)
 * welcomes a new user, as registering does; any other welcomes the user back.
 */
export function welcomeKey(result: LoginResult) {
  return result.created ? ('auth.register.welcome' as const) : ('auth.login.welcome' as const);
}

/** True when a sign-in answered a second-factor challenge instead of a session. */
export function isChallenge(outcome: SignInOutcome): outcome is TwoFactorChallenge {
  return 'twoFactor' in outcome;
}

/** Where a sign-in's second-factor challenge is answered; the challenge travels in the router state. */
export const TWO_FACTOR_PATH = '/pass/two-factor';
