import type { SecondFactor } from '@openbourse/contracts/auth.ts';
import type { FreshConfirmation } from '@openbourse/contracts/twofactor.ts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { PasswordField } from '@/shared/components/text-field';
import { errorMessage } from '@/shared/lib/api-client';
import { twoFactorApi } from '@/shared/twofactor/api';
import { type FactorState, initialFactor, proofOf, SecondFactorField } from '@/shared/twofactor/second-factor-field';

/**
 * A fresh confirmation before enrolling, removing or regenerating: the login password, and a
 * current second factor when one is enrolled. `run` gets it; its error is shown here.
 */
export function ConfirmPanel({
  methods,
  run,
  onCancel,
  children,
  submitLabel,
}: {
  methods: readonly SecondFactor[];
  run(c: FreshConfirmation): Promise<unknown>;
  onCancel(): void;
  children?: ReactNode;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [factor, setFactor] = useState<FactorState>(() => initialFactor(methods));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const proof = methods.length ? proofOf(factor) : undefined;
      await run({ password, ...(proof ? { proof } : {}) });
    } catch (err) {
      setError(errorMessage(err));
      setFactor((f) => ({ ...f, code: '', passkey: null }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="security-confirm" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="security-confirm">
      <p className="section__text">{t('twofactor.security.confirmText')}</p>
      {children}
      <PasswordField
        label={t('auth.fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        testId="security-confirm-password"
      />
      {methods.length ? (
        <SecondFactorField
          idPrefix="security-confirm"
          methods={methods}
          value={factor}
          onChange={setFactor}
          passkeyOptions={twoFactorApi.stepUpPasskeyOptions}
        />
      ) : null}
      {error ? (
        <p className="field__error" role="alert" data-testid="security-confirm-error">
          {error}
        </p>
      ) : null}
      <div className="security-row__actions">
        <Button type="submit" loading={busy} data-testid="security-confirm-submit">
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} data-testid="security-confirm-cancel">
          {t('twofactor.security.cancel')}
        </Button>
      </div>
    </form>
  );
}
