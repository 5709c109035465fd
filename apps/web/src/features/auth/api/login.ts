import type { LoginRequest, SignInOutcome } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export async function login(body: LoginRequest): Promise<SignInOutcome> {
  const { result } = await api.post<SignInOutcome>('login/login', body);
  return result;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
