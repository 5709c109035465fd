import type { LoginResult, RegisterRequest } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export async function register(body: RegisterRequest): Promise<LoginResult> {
  const { result } = await api.post<LoginResult>('login/register', body);
  return result;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
