import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/shared/i18n/i18n';
import { useParam } from '@/shared/api/get-param';
import { queryKeys } from '@/shared/api/query-keys';
import { DEMO_ACCOUNT, REAL_ACCOUNT, sessionStore } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { toast } from './toast/toast-store';

/**
 * The account mode and the switch between real and demo (spec §4): every balance is refetched and a
 * toast says which account is now in use. Disabled only to go to demo when the operator turned it off.
 */
export function useAccountModeSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mode = useSession((s) => s.accountMode);
  const demoEnabled = useParam('demo_enabled') !== 'false';
  const demo = mode === DEMO_ACCOUNT;
  const disabled = !demoEnabled && !demo;
  const toggle = () => {
    const next = demo ? REAL_ACCOUNT : DEMO_ACCOUNT;
    sessionStore.setAccountMode(next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.balances });
    toast.success(next === DEMO_ACCOUNT ? t('account.switchedToDemo') : t('account.switchedToReal'));
  };
  return { demo, disabled, toggle };
}

/** The profile's switch between the real and the demo account. */
export function AccountModeToggle() {
  const { t } = useTranslation();
  const { demo, disabled, toggle } = useAccountModeSwitch();
  return (
    <div className={`mode-toggle ${demo ? 'is-demo' : ''}`}>
      <div className="mode-toggle__text">
        <span className="mode-toggle__title" id="mode-toggle-label">
          {demo ? t('account.demoTitle') : t('account.realTitle')}
        </span>
        <span className="mode-toggle__hint">
          {disabled ? errorText(ErrorCode.DemoDisabled) : demo ? t('account.demoHint') : t('account.realHint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={demo}
        aria-labelledby="mode-toggle-label"
        aria-describedby="mode-toggle-desc"
        className="switch"
        onClick={toggle}
        disabled={disabled}
        data-testid="account-mode-toggle"
      >
        <span className="switch__label switch__label--real">{t('common.real')}</span>
        <span className="switch__label switch__label--demo">{t('common.demo')}</span>
        <span className="switch__thumb" aria-hidden="true" />
      </button>
      <span id="mode-toggle-desc" className="visually-hidden">
        {t('account.toggleDescription')}
      </span>
    </div>
  );
}
