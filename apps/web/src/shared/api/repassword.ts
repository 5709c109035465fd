import type { RepasswordRequest } from '@openbourse/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api, type ApiSuccess } from '@/shared/lib/api-client';

/** Change (logged in) or reset (with a code) the login password; answers msgCode 20005. */
export function repassword(body: RepasswordRequest): Promise<ApiSuccess<null>> {
  return api.post<null>('user/repassword', body);
}

export function useRepassword() {
  return useMutation({ mutationFn: repassword });
}
