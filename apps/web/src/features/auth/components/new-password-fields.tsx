import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/shared/components/text-field';

/** A new login password and its confirmation (register, reset); ids `<testPrefix>-password` / `-confirm`. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  errors,
  onChange,
  testPrefix,
}: {
  label: string;
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  onChange(patch: { password?: string; confirm?: string }): void;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onChange({ password: e.target.value })}
        error={errors.password}
        hint={t('auth.fields.passwordHint')}
        testId={`${testPrefix}-password`}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onChange({ confirm: e.target.value })}
        error={errors.confirm}
        testId={`${testPrefix}-confirm`}
      />
    </>
  );
}
