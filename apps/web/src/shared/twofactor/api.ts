import type { LoginResult } from '@openbourse/contracts/auth.ts';
import type {
  FreshConfirmation,
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyView,
  SecondFactorProof,
  TotpEnrolment,
  TwoFactorStatus,
} from '@openbourse/contracts/twofactor.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The second factor's calls (/swx/customer/twofactor/*). */
export const twoFactorKeys = { status: ['twofactor', 'status'] as const };

type Options = Record<string, unknown>;
const post = async <T>(path: string, body?: unknown) => (await api.post<T>(`twofactor/${path}`, body ?? {})).result;

export function useTwoFactorStatus() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: async () => (await api.get<TwoFactorStatus>('twofactor/status')).result,
    enabled: isLoggedIn,
  });
}

export const twoFactorApi = {
  signIn: (ticket: string, proof: SecondFactorProof) => post<LoginResult>('signIn', { ticket, proof }),
  signInPasskeyOptions: (ticket: string) => post<Options>('signIn/passkeyOptions', { ticket }),
  stepUpPasskeyOptions: () => post<Options>('stepUp/passkeyOptions'),
  totpStart: (c: FreshConfirmation) => post<TotpEnrolment>('totp/start', c),
  totpConfirm: (code: string) => post<{ recoveryCodes: string[] | null }>('totp/confirm', { code }),
  totpRemove: (c: FreshConfirmation) => post<null>('totp/remove', c),
  passkeyOptions: (c: FreshConfirmation) => post<Options>('passkeys/options', c),
  passkeyVerify: (name: string, response: PasskeyAttestation) =>
    post<{ passkey: PasskeyView; recoveryCodes: string[] | null }>('passkeys/verify', { name, response }),
  passkeyRename: (id: number, name: string) => post<null>('passkeys/rename', { id, name }),
  passkeyRemove: (id: number, c: FreshConfirmation) => post<null>('passkeys/remove', { id, ...c }),
  regenerate: (c: FreshConfirmation) => post<{ recoveryCodes: string[] }>('recovery/regenerate', c),
};

/** Asks the browser for a passkey assertion over the server's options (the library loaded on first use). */
export async function passkeyAssertion(options: Options): Promise<PasskeyAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // biome-ignore lint/suspicious/noExplicitAny: the server's options, passed through as they came
  return (await startAuthentication({ optionsJSON: options as any })) as PasskeyAssertion;
}

export async function passkeyAttestation(options: Options): Promise<PasskeyAttestation> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // biome-ignore lint/suspicious/noExplicitAny: the server's options, passed through as they came
  return (await startRegistration({ optionsJSON: options as any })) as PasskeyAttestation;
}
