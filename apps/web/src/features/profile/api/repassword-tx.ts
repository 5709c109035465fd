import type { RepasswordTxRequest } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api, type ApiSuccess } from '@/shared/lib/api-client';

/** Sets or changes the 6-digit withdrawal password with a code sent to the user's own address. */
export function repasswordTx(body: RepasswordTxRequest): Promise<ApiSuccess<null>> {
  return api.post<null>('user/repasswordTx', body);
}

export function useRepasswordTx() {
  return useMutation({ mutationFn: repasswordTx });
}
