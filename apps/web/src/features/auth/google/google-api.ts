import type { SendCodeResult, SignInOutcome } from '@openbourse/contracts/auth.ts';
import type {
  GoogleCallbackRequest,
  GoogleSignInOutcome,
  LinkProofRequest,
  LinkRequired,
  OAuthStartResult,
  SignInProviders,
} from '@openbourse/contracts/oauth.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

/** Third-party sign-in's calls (Google). Its keys stay in this feature: nothing else reads or invalidates them. */
const keys = {
  providers: ['auth', 'signin-providers'] as const,
};

export const signInProvidersQuery = () =>
  queryOptions({
    queryKey: keys.providers,
    queryFn: async ({ signal }) => (await api.get<SignInProviders>('login/providers', { signal })).result.providers,
    staleTime: 60_000,
  });

/** Whether the login and register pages offer "Continue with Google" (an operator configured it). */
export function useGoogleEnabled(): boolean {
  const { data } = useQuery(signInProvidersQuery());
  return data?.includes('google') ?? false;
}

export async function startGoogle(): Promise<OAuthStartResult> {
  return (await api.post<OAuthStartResult>('login/google/start')).result;
}

export async function loginByGoogle(body: GoogleCallbackRequest): Promise<GoogleSignInOutcome> {
  return (await api.post<GoogleSignInOutcome>('login/loginByGoogle', body)).result;
}

export async function sendLinkCode(ticket: string): Promise<SendCodeResult> {
  return (await api.post<SendCodeResult>('login/google/linkCode', { ticket })).result;
}

export async function proveLink(body: LinkProofRequest): Promise<SignInOutcome> {
  return (await api.post<SignInOutcome>('login/google/link', body)).result;
}

export function isLinkRequired(outcome: GoogleSignInOutcome): outcome is LinkRequired {
  return 'linkRequired' in outcome;
}

/** Where the user was going when they left for Google (the login page's `redirect`), kept for the callback. */
const REDIRECT_KEY = 'google-signin-redirect';
export const redirectStore = {
  save(redirect: string) {
    try {
      sessionStorage.setItem(REDIRECT_KEY, redirect);
    } catch {
      // Storage may be off (private mode): the callback then lands on the home page.
    }
  },
  /** Read, not removed: React may run a state initializer twice; the next start overwrites it. */
  read(): string | null {
    try {
      return sessionStorage.getItem(REDIRECT_KEY);
    } catch {
      return null;
    }
  },
};
