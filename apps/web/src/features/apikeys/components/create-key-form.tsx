import {
  API_KEY_LABEL_MAX,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  MAX_API_KEY_IPS,
} from '@openbourse/contracts/apikeys.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { PasswordField, TextField } from '@/shared/components/text-field';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { twoFactorApi, useTwoFactorStatus } from '@/shared/twofactor/api';
import { type FactorState, initialFactor, proofOf, SecondFactorField } from '@/shared/twofactor/second-factor-field';
import { useCreateApiKey } from '../api';

const DAY_MS = 86_400_000;
const EXPIRIES = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRIES)[number];

/** Splits the allow-list box: one address or range per line, or separated by commas or spaces. */
export const splitIps = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A new key: label, scopes, allowed addresses, expiry, and the fresh confirmation (password, second factor). */
export function CreateKeyForm({ onCreated }: { onCreated(created: CreatedApiKey): void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const methods = useTwoFactorStatus().data?.methods ?? [];
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [ips, setIps] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [password, setPassword] = useState('');
  const [factor, setFactor] = useState<FactorState>(() => initialFactor(methods));
  const [errors, setErrors] = useState<Partial<Record<'label' | 'scopes' | 'ips' | 'password' | 'form', string>>>({});

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!label.trim()) next.label = t('apikeys.create.labelRequired');
    if (scopes.length === 0) next.scopes = t('apikeys.create.scopesRequired');
    const list = splitIps(ips);
    if (list.length > MAX_API_KEY_IPS) next.ips = t('apikeys.create.tooManyIps', { max: MAX_API_KEY_IPS });
    if (!password) next.password = t('apikeys.create.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const proof = methods.length ? proofOf(factor) : undefined;
      const created = await create.mutateAsync({
        label: label.trim(),
        scopes,
        ips: list,
        expiresAt: expiry === 'never' ? null : Date.now() + Number(expiry) * DAY_MS,
        password,
        ...(proof ? { proof } : {}),
      });
      setLabel('');
      setIps('');
      setPassword('');
      setFactor(initialFactor(methods));
      onCreated(created);
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      const message = errorMessage(err);
      setErrors(
        field === 'ips' || field === 'label' || field === 'password' ? { [field]: message } : { form: message },
      );
      setFactor((f) => ({ ...f, code: '', passkey: null }));
    }
  };

  return (
    <form className="apikey-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="apikey-create-form">
      <TextField
        label={t('apikeys.create.label')}
        name="label"
        value={label}
        maxLength={API_KEY_LABEL_MAX}
        onChange={(e) => setLabel(e.target.value)}
        error={errors.label}
        hint={t('apikeys.create.labelHint')}
        testId="apikey-label"
      />
      <fieldset className={`field apikey-scopes ${errors.scopes ? 'field--invalid' : ''}`.trim()}>
        <legend className="field__label">{t('apikeys.scopes.title')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="apikey-scope">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              data-testid={`apikey-scope-${scope}`}
            />
            <span>
              <strong>{t(`apikeys.scopes.${scope}`)}</strong>
              <small className="muted">{t(`apikeys.scopes.${scope}Text`)}</small>
            </span>
          </label>
        ))}
        <p className="field__hint">{t('apikeys.scopes.noWithdraw')}</p>
        {errors.scopes ? (
          <p className="field__error" role="alert">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <div className={`field ${errors.ips ? 'field--invalid' : ''}`.trim()}>
        <label className="field__label" htmlFor="apikey-ips">
          {t('apikeys.create.ips')}
        </label>
        <div className="field__control">
          <textarea
            id="apikey-ips"
            className="field__input apikey-ips"
            dir="ltr"
            rows={3}
            value={ips}
            placeholder="203.0.113.7&#10;10.0.0.0/8&#10;2001:db8::/32"
            onChange={(e) => setIps(e.target.value)}
            aria-invalid={errors.ips ? true : undefined}
            data-testid="apikey-ips"
          />
        </div>
        {errors.ips ? (
          <p className="field__error" role="alert" data-testid="apikey-ips-error">
            {errors.ips}
          </p>
        ) : (
          <p className="field__hint">{t('apikeys.create.ipsHint')}</p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="apikey-expiry">
          {t('apikeys.create.expiry')}
        </label>
        <div className="field__control">
          <select
            id="apikey-expiry"
            className="field__input"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as Expiry)}
            data-testid="apikey-expiry"
          >
            {EXPIRIES.map((e) => (
              <option key={e} value={e}>
                {e === 'never' ? t('apikeys.create.never') : t('apikeys.create.days', { n: Number(e) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PasswordField
        label={t('apikeys.create.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        testId="apikey-password"
      />
      {methods.length ? (
        <SecondFactorField
          idPrefix="apikey-factor"
          methods={methods}
          value={factor}
          onChange={setFactor}
          passkeyOptions={twoFactorApi.stepUpPasskeyOptions}
        />
      ) : null}
      {errors.form ? (
        <p className="field__error" role="alert" data-testid="apikey-create-error">
          {errors.form}
        </p>
      ) : null}
      <div className="apikey-actions">
        <Button type="submit" loading={create.isPending} data-testid="apikey-create-submit">
          {t('apikeys.create.submit')}
        </Button>
      </div>
    </form>
  );
}
