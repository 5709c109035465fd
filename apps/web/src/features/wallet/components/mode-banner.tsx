import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@openbourse/ui';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';

/** Which account's money this page shows. */
export function ModeBanner() {
  const { t } = useTranslation();
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  return (
    <div className={`mode-banner ${demo ? 'mode-banner--demo' : ''}`} data-testid="mode-banner">
      <Badge tone={demo ? 'warn' : 'accent'}>{demo ? t('account.demoTitle') : t('account.realTitle')}</Badge>
      <span className="mode-banner__text">{demo ? t('wallet.demoNote') : t('wallet.realNote')}</span>
      <Link to="/profile" className="mode-banner__link">
        {t('wallet.switch')}
      </Link>
    </div>
  );
}
