import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { userInfoQuery } from '@/shared/api/get-user-info';
import { queryKeys } from '@/shared/api/query-keys';
import { setUnauthorizedHandler } from '@/shared/lib/api-client';
import { sessionStore } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { loginPathFor } from '@/shared/lib/redirect';

/**
 * Keeps the session honest: loads the user when a login flag was stored (spec §7 getUserInfo at
 * start), and sends the user to login when any call answers 401.
 */
export function SessionBootstrap() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(userInfoQuery(token));

  useEffect(() => {
    if (user) sessionStore.setUser(user);
  }, [user]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.removeQueries({ queryKey: queryKeys.user });
      queryClient.removeQueries({ queryKey: queryKeys.balances });
      const here = window.location;
      if (here.pathname.startsWith('/pass/')) return;
      navigate(loginPathFor({ pathname: here.pathname, search: here.search }), { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate, queryClient]);
  return null;
}
