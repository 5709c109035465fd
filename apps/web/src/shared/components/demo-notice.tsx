import { useTranslation } from 'react-i18next';
import { errorText } from '@/shared/i18n/i18n';
import { Link } from 'react-router';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { IconInfo } from './icons';

/** For products the demo account cannot use (DESIGN §4): says so and where to switch. */
export function DemoNotice() {
  const { t } = useTranslation();
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  if (!demo) return null;
  return (
    <p className="notice-bar" role="note" data-testid="demo-notice">
      <IconInfo />
      <span>{errorText(40010)}</span>
      <Link to="/profile">{t('wallet.switch')}</Link>
    </p>
  );
}
