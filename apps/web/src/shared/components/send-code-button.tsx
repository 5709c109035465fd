import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

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

/**
 * The 6-digit verification code input with its "Send code" button (register, reset, withdrawal
 * password). Keeps digits only; test ids are `<testPrefix>-code` and `<testPrefix>-send-code`.
 */
export function CodeField({
  value,
  onChange,
  error,
  hint,
  onSend,
  secondsLeft,
  pending,
  testPrefix,
}: {
  value: string;
  onChange(code: string): void;
  error?: string;
  hint?: string;
  onSend(): void;
  secondsLeft: number;
  pending: boolean;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      hint={hint}
      trailing={
        <SendCodeButton
          onClick={onSend}
          secondsLeft={secondsLeft}
          pending={pending}
          testId={`${testPrefix}-send-code`}
        />
      }
      testId={`${testPrefix}-code`}
    />
  );
}
