import { useTranslation } from 'react-i18next';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { useSession } from '@/shared/session/use-session';

/**
 * The account in use, in the top bar of both layouts, and the switch to the other one: amber
 * "Demo" while the demo account is active (so nobody mistakes it for real money), a quiet "Real"
 * otherwise. Signed out, only the demo state is shown.
 */
export function DemoBadge() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const { demo, disabled, toggle } = useAccountModeSwitch();
  if (!isLoggedIn && !demo) return null;
  const label = demo ? t('common.demo') : t('common.real');
  return (
    <button
      type="button"
      className={`demo-badge ${demo ? '' : 'demo-badge--real'}`}
      data-testid={demo ? 'demo-badge' : 'real-badge'}
      title={`${demo ? t('account.demoActive') : t('account.realHint')} — ${t('account.toggleDescription')}`}
      aria-label={`${demo ? t('account.demoTitle') : t('account.realTitle')}: ${t('account.toggleDescription')}`}
      onClick={toggle}
      disabled={disabled}
    >
      <span className="demo-badge__dot" aria-hidden="true" />
      {label}
    </button>
  );
}
