import type { SecondFactor } from '@openbourse/contracts/auth.ts';
import type { PasskeyAssertion, SecondFactorProof } from '@openbourse/contracts/twofactor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCheck, IconKey } from '@/shared/components/icons';
import { TextField } from '@/shared/components/text-field';
import { errorMessage } from '@/shared/lib/api-client';
import { passkeyAssertion } from './api';
import './second-factor.css';

export interface FactorState {
  mode: 'totp' | 'recovery' | 'passkey';
  code: string;
  passkey: PasskeyAssertion | null;
}

export const initialFactor = (methods: readonly SecondFactor[]): FactorState => ({
  mode: methods.includes('totp') ? 'totp' : methods.includes('passkey') ? 'passkey' : 'recovery',
  code: '',
  passkey: null,
});

/** The proof the state holds, or undefined when nothing was given yet. */
export function proofOf(s: FactorState): SecondFactorProof | undefined {
  if (s.mode === 'passkey') return s.passkey ? { method: 'passkey', response: s.passkey } : undefined;
  const code = s.code.trim();
  if (!code) return undefined;
  return s.mode === 'totp' ? { method: 'totp', code } : { method: 'recovery', code };
}

/**
 * A current second factor: the authenticator app's code, a passkey (asked of the browser with the
 * options `passkeyOptions` fetches), or a recovery code. `onPasskey` runs once a passkey answered
 * (the sign-in page submits at once).
 */
export function SecondFactorField({
  methods,
  value,
  onChange,
  passkeyOptions,
  onPasskey,
  error,
  idPrefix,
  testId = idPrefix,
}: {
  methods: readonly SecondFactor[];
  value: FactorState;
  onChange(next: FactorState): void;
  passkeyOptions(): Promise<Record<string, unknown>>;
  onPasskey?(assertion: PasskeyAssertion): void;
  error?: string | undefined;
  idPrefix: string;
  /** The data-testid prefix (default idPrefix). */
  testId?: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [passkeyError, setPasskeyError] = useState('');
  const set = (patch: Partial<FactorState>) => onChange({ ...value, ...patch });

  const askPasskey = async () => {
    setAsking(true);
    setPasskeyError('');
    try {
      const assertion = await passkeyAssertion(await passkeyOptions());
      onChange({ mode: 'passkey', code: '', passkey: assertion });
      onPasskey?.(assertion);
    } catch (err) {
      setPasskeyError(
        err instanceof Error && err.name === 'NotAllowedError' ? t('twofactor.passkeyCancelled') : errorMessage(err),
      );
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="second-factor" data-testid={`${testId}-factor`}>
      {value.mode === 'passkey' ? (
        value.passkey ? (
          <p className="second-factor__ready" data-testid={`${testId}-passkey-ready`}>
            <IconCheck /> {t('twofactor.passkeyReady')}
          </p>
        ) : null
      ) : (
        <TextField
          id={`${idPrefix}-code`}
          label={value.mode === 'totp' ? t('twofactor.totpCode') : t('twofactor.recoveryCode')}
          hint={value.mode === 'totp' ? t('twofactor.totpHint') : undefined}
          value={value.code}
          onChange={(e) => set({ code: e.target.value })}
          inputMode={value.mode === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={value.mode === 'totp' ? 6 : 40}
          dir="ltr"
          error={error || passkeyError || undefined}
          testId={`${testId}-code`}
        />
      )}
      {value.mode === 'passkey' && (error || passkeyError) ? (
        <p className="field__error" role="alert">
          {error || passkeyError}
        </p>
      ) : null}
      <div className="second-factor__switch">
        {methods.includes('passkey') ? (
          <Button
            type="button"
            variant="secondary"
            loading={asking}
            onClick={() => void askPasskey()}
            data-testid={`${testId}-use-passkey`}
          >
            <IconKey /> {t('twofactor.usePasskey')}
          </Button>
        ) : null}
        {methods.includes('totp') && value.mode !== 'totp' ? (
          <button
            type="button"
            className="form__link"
            onClick={() => set({ mode: 'totp', code: '' })}
            data-testid={`${testId}-use-totp`}
          >
            {t('twofactor.useTotp')}
          </button>
        ) : null}
        {methods.includes('recovery') && value.mode !== 'recovery' ? (
          <button
            type="button"
            className="form__link"
            onClick={() => set({ mode: 'recovery', code: '' })}
            data-testid={`${testId}-use-recovery`}
          >
            {t('twofactor.useRecovery')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
