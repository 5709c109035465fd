import type {
  AccountSession,
  ChangeContactRequest,
  ContactCodeRequest,
  SignInRecord,
} from '@openbourse/contracts/account.ts';
import type { SendCodeResult } from '@openbourse/contracts/auth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The account centre's calls: sessions and devices, sign-in history, contact changes. */
const sessionsKey = (token: string | null) => [...queryKeys.user, 'sessions', token] as const;
const signInsKey = (token: string | null, page: number) => [...queryKeys.user, 'sign-ins', token, page] as const;

export const SIGN_INS_PAGE_SIZE = 10;

export function useSessions() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: sessionsKey(token),
    queryFn: async ({ signal }) => (await api.get<AccountSession[]>('user/listSessions', { signal })).result,
    enabled: Boolean(token),
  });
}

export function useSignIns(page: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: signInsKey(token, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ list: SignInRecord[]; total: number; page: number; size: number }>('user/listSignIns', {
          signal,
          query: { page, size: SIGN_INS_PAGE_SIZE },
        })
      ).result,
    enabled: Boolean(token),
  });
}

/** Signs out one session (`id`) or every other one (`'others'`); the list is read again after. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | 'others'): Promise<unknown> =>
      target === 'others'
        ? api.post<{ revoked: number }>('user/revokeOtherSessions', {})
        : api.post<null>('user/revokeSession', { id: target }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.user, 'sessions'] }),
  });
}

export function useSendContactCode() {
  return useMutation({
    mutationFn: async (body: ContactCodeRequest) =>
      (await api.post<SendCodeResult>('user/sendContactCode', body)).result,
  });
}

export function useChangeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeContactRequest) => api.post<null>('user/changeContact', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}

/** The user's language on the server (mail and notifications); the interface switches on its own. */
export function saveLanguage(language: string) {
  return api.post<null>('user/setLanguage', { language });
}
