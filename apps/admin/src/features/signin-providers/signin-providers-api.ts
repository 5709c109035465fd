/** Third-party sign-in providers' calls: the settings (never the secret) and their change (audited). */
import type { AdminSignInProvider, UpdateSignInProviderRequest } from '@openbourse/contracts/oauth.ts';
import { api } from '@/shared/api';

export const signInProvidersKey = ['signin-providers'] as const;

export async function getSignInProviders() {
  return (await api.get<AdminSignInProvider[]>('signin-providers')).result;
}

/** Saves a provider (sent as POST: the console's client speaks GET and POST; the server takes PUT too). */
export async function saveSignInProvider(provider: string, input: UpdateSignInProviderRequest) {
  return (await api.post<AdminSignInProvider>(`signin-providers/${encodeURIComponent(provider)}`, input)).result;
}
