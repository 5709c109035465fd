import type { SendCodeRequest, SendCodeResult } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export async function sendCode(body: SendCodeRequest): Promise<SendCodeResult> {
  const { result } = await api.post<SendCodeResult>('login/sendCode', body);
  return result;
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
