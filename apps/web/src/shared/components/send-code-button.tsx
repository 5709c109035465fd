import { useTranslation } from 'react-i18next';

/** The "Send code" button inside a code field; shows the countdown until a resend is allowed. */
export function SendCodeButton({
  onClick,
  secondsLeft,
  pending,
  testId,
  disabled,
}: {
  onClick(): void;
  secondsLeft: number;
  pending: boolean;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className="field__addon-text"
      onClick={onClick}
      disabled={disabled || pending || waiting}
      data-testid={testId}
      aria-live="polite"
    >
      {pending ? t('form.sending') : waiting ? t('form.resendIn', { seconds: secondsLeft }) : t('form.sendCode')}
    </button>
  );
}
