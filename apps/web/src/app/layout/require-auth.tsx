import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/shared/session/use-session';
import { loginPathFor } from '@/shared/lib/redirect';

/** Pages with the user's own data: logged-out visitors go to login and come back afterwards. */
export function RequireAuth() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
