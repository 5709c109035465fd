import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import { RepasswordRequest } from '@openbourse/contracts/auth.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { useRepassword } from '@/shared/api/repassword';
import { Button } from '@/shared/components/button';
import { PasswordField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { errorText } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';

const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };

/**
 * Changes the login password with the current one; `firstPassword`: an account made by Google or
 * wallet sign-in sets its first one (no current password to give).
 */
export function ChangePasswordForm({ firstPassword = false }: { firstPassword?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useRepassword();
  const update = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(
      RepasswordRequest,
      firstPassword
        ? { type: 'set', newPassword: values.newPassword }
        : { type: 'change', oldPassword: values.oldPassword, newPassword: values.newPassword },
    );
    const found: Record<string, string> = { ...(checked.errors ?? {}) };
    // Empty: the schema's "required" message; too long: it cannot be the current password.
    if (found.oldPassword && values.oldPassword) found.oldPassword = errorText(ErrorCode.PasswordWrong);
    if (!values.confirm) found.confirm = t('form.confirmRequired');
    else if (values.confirm !== values.newPassword) found.confirm = t('form.passwordMismatch');
    if (Object.keys(found).length > 0 || !checked.data) {
      setErrors(found);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess(response) {
        toast.success(response.msg || errorText(SuccessCode.ModifiedSuccessfully));
        setValues(EMPTY);
        if (firstPassword) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      },
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          const field = error.is(ErrorCode.PasswordWrong)
            ? 'oldPassword'
            : error.is(ErrorCode.PasswordTooWeak, ErrorCode.PasswordSameAsOld)
              ? 'newPassword'
              : error.field;
          if (field) setErrors((e) => ({ ...e, [field]: error.message }));
        }
      },
    });
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="change-password-form">
      {!firstPassword && (
        <PasswordField
          label={t('info.password.current')}
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={(e) => update('oldPassword', e.target.value)}
          error={errors.oldPassword}
          testId="change-password-old"
        />
      )}
      <PasswordField
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(e) => update('newPassword', e.target.value)}
        error={errors.newPassword}
        hint={t('auth.fields.passwordHint')}
        testId="change-password-new"
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => update('confirm', e.target.value)}
        error={errors.confirm}
        testId="change-password-confirm"
      />
      <Button type="submit" loading={mutation.isPending} data-testid="change-password-submit">
        {firstPassword ? t('info.password.setSubmit') : t('info.password.submit')}
      </Button>
    </form>
  );
}
