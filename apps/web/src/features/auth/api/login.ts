import type { LoginRequest, LoginResult } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export async function login(body: LoginRequest): Promise<LoginResult> {
  const { result } = await api.post<LoginResult>('login/login', body);
  return result;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
