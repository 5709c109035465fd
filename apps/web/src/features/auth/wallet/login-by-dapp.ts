import type { SignInOutcome } from '@openbourse/contracts/auth.ts';
import type { WalletProof } from '@openbourse/contracts/wallet-signin.ts';
import { api } from '@/shared/lib/api-client';

/** `login/loginByDapp`: a signed EIP-4361 message for a session or a second-factor challenge. */
export async function loginByDapp(proof: WalletProof): Promise<SignInOutcome> {
  const { result } = await api.post<SignInOutcome>('login/loginByDapp', proof);
  return result;
}
