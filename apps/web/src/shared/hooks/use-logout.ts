import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/shared/api/query-keys';
import { logout } from '@/shared/api/logout';
import { toast } from '@/shared/components/toast/toast-store';
import { sessionStore } from '@/shared/session/session-store';

/** Ends the session on the server (best effort) and here, then goes home. */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The token is dropped here either way; an expired one is as good as logged out.
    } finally {
      sessionStore.clearSession();
      queryClient.removeQueries({ queryKey: queryKeys.user });
      queryClient.removeQueries({ queryKey: queryKeys.balances });
      setPending(false);
      toast.info(t('auth.loggedOut'));
      navigate('/', { replace: true });
    }
  }, [navigate, queryClient, t]);
  return { logout: run, pending };
}
