import { Link } from 'react-router';
import { errorText } from '@/shared/api';
import { useSession } from '@/shared/session';

export function NoAccess() {
  const session = useSession();
  return (
    <div className="empty-page" data-testid="no-access">
      <h1>No access</h1>
      <p>
        {errorText(40020)}. Your role ({session?.admin.role ?? 'none'}) does not include this screen; an owner can
        change roles under Admins.
      </p>
      <Link className="btn btn--secondary" to="/">
        Back to the dashboard
      </Link>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="empty-page">
      <h1>Page not found</h1>
      <p>There is no screen at this address.</p>
      <Link className="btn btn--secondary" to="/">
        Back to the dashboard
      </Link>
    </div>
  );
}
