import { PasswordFirstNote } from '@/shared/components/password-first-note';
import type { FreshConfirmation, TotpEnrolment } from '@openbourse/contracts/twofactor.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@openbourse/ui';
import { Button } from '@/shared/components/button';
import { Page, Section } from '@/shared/components/page';
import { QrCode } from '@/shared/components/qr-code';
import { SkeletonRows } from '@/shared/components/skeleton';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { passkeyAttestation, twoFactorApi, twoFactorKeys, useTwoFactorStatus } from '@/shared/twofactor/api';
import { ConfirmPanel } from '../components/confirm-panel';
import { RecoveryCodes } from '../components/recovery-codes';
import '../twofactor.css';

type Action = 'totp-start' | 'totp-remove' | 'passkey-add' | 'recovery' | { removePasskey: number } | null;

/** The account centre's security page (/profile/security): TOTP, passkeys, recovery codes. */
export default function SecurityRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const status = useTwoFactorStatus();
  const [action, setAction] = useState<Action>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  useDocumentTitle(t('twofactor.security.title'));
  const refresh = () => client.invalidateQueries({ queryKey: twoFactorKeys.status });
  const s = status.data;
  const methods = s?.methods ?? [];

  const done = async (message: string, newCodes?: string[] | null) => {
    // The page says the new state before the codes show (no "Set up" beside fresh codes).
    await refresh();
    setAction(null);
    if (newCodes) setCodes(newCodes);
    toast.success(message);
  };

  const run = async (c: FreshConfirmation) => {
    if (action === 'totp-start') {
      setEnrolment(await twoFactorApi.totpStart(c));
      setAction(null);
    } else if (action === 'totp-remove') {
      await twoFactorApi.totpRemove(c);
      await done(t('twofactor.security.removed'));
    } else if (action === 'recovery') {
      const r = await twoFactorApi.regenerate(c);
      await done(t('twofactor.recovery.regenerated'), r.recoveryCodes);
    } else if (action === 'passkey-add') {
      const attestation = await passkeyAttestation(await twoFactorApi.passkeyOptions(c));
      const r = await twoFactorApi.passkeyVerify(
        passkeyName.trim() || t('twofactor.passkeys.defaultName'),
        attestation,
      );
      setPasskeyName('');
      await done(t('twofactor.passkeys.added'), r.recoveryCodes);
    } else if (action && typeof action === 'object') {
      await twoFactorApi.passkeyRemove(action.removePasskey, c);
      await done(t('twofactor.security.removed'));
    }
  };

  const confirmTotp = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError('');
    try {
      const r = await twoFactorApi.totpConfirm(code.trim());
      setEnrolment(null);
      setCode('');
      await done(t('twofactor.totp.enabled'), r.recoveryCodes);
    } catch (err) {
      setCodeError(errorMessage(err));
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    try {
      await twoFactorApi.passkeyRename(renaming.id, renaming.name.trim());
      setRenaming(null);
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const confirm = (submitLabel: string, extra?: ReactNode) => (
    <ConfirmPanel methods={methods} run={run} onCancel={() => setAction(null)} submitLabel={submitLabel}>
      {extra}
    </ConfirmPanel>
  );

  return (
    <Page title={t('twofactor.security.title')} subtitle={t('twofactor.security.subtitle')}>
      <PasswordFirstNote />
      {codes ? (
        <Section title={t('twofactor.recovery.title')}>
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        </Section>
      ) : null}
      <Section title={t('twofactor.totp.title')}>
        {!s ? (
          <SkeletonRows rows={2} />
        ) : (
          <>
            <div className="security-row" data-testid="security-totp">
              <span>
                {t('twofactor.totp.text')}{' '}
                <Badge tone={s.totp ? 'accent' : 'neutral'} testId="security-totp-state">
                  {s.totp ? t('twofactor.security.on') : t('twofactor.security.off')}
                </Badge>
              </span>
              {action === null && !enrolment ? (
                s.totp ? (
                  <Button
                    variant="secondary"
                    onClick={() => setAction('totp-remove')}
                    data-testid="security-totp-remove"
                  >
                    {t('twofactor.security.remove')}
                  </Button>
                ) : (
                  <Button onClick={() => setAction('totp-start')} data-testid="security-totp-enable">
                    {t('twofactor.totp.enable')}
                  </Button>
                )
              ) : null}
            </div>
            {action === 'totp-start' ? confirm(t('twofactor.security.continue')) : null}
            {action === 'totp-remove' ? confirm(t('twofactor.security.remove')) : null}
            {enrolment ? (
              <form
                className="security-confirm"
                onSubmit={(e) => void confirmTotp(e)}
                data-testid="security-totp-enrol"
              >
                <p className="section__text">{t('twofactor.totp.scan')}</p>
                <div className="security-qr">
                  <QrCode
                    text={enrolment.uri}
                    label={t('twofactor.totp.qrLabel')}
                    className="security-qr__code"
                    testId="security-totp-qr"
                  />
                  <div>
                    <p className="section__text">{t('twofactor.totp.manual')}</p>
                    <p className="security-secret" data-testid="security-totp-secret">
                      {enrolment.secret}
                    </p>
                  </div>
                </div>
                <TextField
                  label={t('twofactor.totpCode')}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  dir="ltr"
                  error={codeError || undefined}
                  testId="security-totp-code"
                />
                <div className="security-row__actions">
                  <Button type="submit" data-testid="security-totp-confirm">
                    {t('twofactor.totp.confirm')}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setEnrolment(null)}>
                    {t('twofactor.security.cancel')}
                  </Button>
                </div>
              </form>
            ) : null}
          </>
        )}
      </Section>
      <Section title={t('twofactor.passkeys.title')}>
        <p className="section__text">{t('twofactor.passkeys.text')}</p>
        {s?.passkeys.map((p) => (
          <div key={p.id} className="security-row" data-testid="security-passkey">
            {renaming?.id === p.id ? (
              <form className="security-row__actions" onSubmit={(e) => void rename(e)}>
                <TextField
                  label={t('twofactor.passkeys.name')}
                  value={renaming.name}
                  maxLength={40}
                  onChange={(e) => setRenaming({ id: p.id, name: e.target.value })}
                  testId="security-passkey-name"
                />
                <Button type="submit" size="sm">
                  {t('twofactor.passkeys.save')}
                </Button>
              </form>
            ) : (
              <span>
                <strong>{p.name}</strong>
                <br />
                <small className="muted">
                  {t('twofactor.passkeys.added_at', { date: format.dateTime(new Date(p.createdAt).toISOString()) })}
                  {p.lastUsedAt
                    ? ` · ${t('twofactor.passkeys.used_at', { date: format.dateTime(new Date(p.lastUsedAt).toISOString()) })}`
                    : ''}
                </small>
              </span>
            )}
            <span className="security-row__actions">
              <Button size="sm" variant="secondary" onClick={() => setRenaming({ id: p.id, name: p.name })}>
                {t('twofactor.passkeys.rename')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setAction({ removePasskey: p.id })}>
                {t('twofactor.security.remove')}
              </Button>
            </span>
            {action && typeof action === 'object' && action.removePasskey === p.id
              ? confirm(t('twofactor.security.remove'))
              : null}
          </div>
        ))}
        {action === 'passkey-add' ? (
          confirm(
            t('twofactor.passkeys.add'),
            <TextField
              label={t('twofactor.passkeys.name')}
              value={passkeyName}
              maxLength={40}
              onChange={(e) => setPasskeyName(e.target.value)}
              testId="security-passkey-new-name"
            />,
          )
        ) : (
          <Button
            variant="secondary"
            disabled={!s || action !== null}
            onClick={() => setAction('passkey-add')}
            data-testid="security-passkey-add"
          >
            {t('twofactor.passkeys.add')}
          </Button>
        )}
      </Section>
      {s && methods.length ? (
        <Section title={t('twofactor.recovery.title')}>
          <div className="security-row">
            <span data-testid="security-recovery-left">
              {t('twofactor.recovery.left', { count: s.recoveryCodesLeft })}
            </span>
            {action === null ? (
              <Button
                variant="secondary"
                onClick={() => setAction('recovery')}
                data-testid="security-recovery-regenerate"
              >
                {t('twofactor.recovery.regenerate')}
              </Button>
            ) : null}
          </div>
          {action === 'recovery' ? confirm(t('twofactor.recovery.regenerate')) : null}
        </Section>
      ) : null}
      {status.error ? <p role="alert">{errorMessage(status.error)}</p> : null}
    </Page>
  );
}
