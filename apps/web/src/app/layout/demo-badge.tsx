import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';

/** Always visible while the demo account is active, so nobody mistakes it for real money. */
export function DemoBadge() {
  const { t } = useTranslation();
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  if (!demo) return null;
  return (
    <Link to="/profile" className="demo-badge" data-testid="demo-badge" title={t('account.demoActive')}>
      <span className="demo-badge__dot" aria-hidden="true" />
      {t('common.demo')}
    </Link>
  );
}
