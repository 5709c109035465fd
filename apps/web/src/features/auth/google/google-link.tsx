import { LinkProofRequest, type LinkRequired } from '@openbourse/contracts/oauth.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/shared/components/button';
import { CodeField } from '@/shared/components/send-code-button';
import { Tabs } from '@/shared/components/tabs';
import { PasswordField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { validate } from '@/shared/lib/validation';
import { proveLink, sendLinkCode } from './google-api';
import { useFinishSignIn } from './use-finish-sign-in';

type Method = 'password' | 'emailCode';

/**
 * Google proved an address that already has an account here: its owner proves the account (its
 * password, or a code mailed to the address) before Google is linked to it and signs them in.
 */
export function GoogleLinkForm({ link, redirect }: { link: LinkRequired['linkRequired']; redirect: string }) {
  const { t } = useTranslation();
  const finish = useFinishSignIn(redirect);
  const methods = link.methods as Method[];
  const [method, setMethod] = useState<Method>(methods[0] ?? 'emailCode');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countdown = useCountdown();
  const send = useMutation({
    mutationFn: () => sendLinkCode(link.ticket),
    onSuccess(result) {
      countdown.start(result.resendAfterSeconds);
      toast.success(t('form.codeSent', { to: result.sentTo }));
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const prove = useMutation({ mutationFn: proveLink });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request =
      method === 'password' ? { method, ticket: link.ticket, password } : { method, ticket: link.ticket, code };
    const checked = validate(LinkProofRequest, request);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    prove.mutate(checked.data, {
      onSuccess: finish,
      onError(error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.kind === 'server') {
          setErrors({ [error.field ?? (method === 'password' ? 'password' : 'code')]: error.message });
        }
      },
    });
  };

  return (
    <form className="form google-link" onSubmit={onSubmit} noValidate data-testid="google-link">
      <p className="google-link__text">{t('auth.google.link.text', { email: link.email })}</p>
      {methods.length > 1 ? (
        <Tabs
          items={[
            { key: 'password', label: t('auth.google.link.byPassword'), testId: 'google-link-tab-password' },
            { key: 'emailCode', label: t('auth.google.link.byCode'), testId: 'google-link-tab-code' },
          ]}
          value={method}
          onChange={(m) => {
            setMethod(m);
            setErrors({});
          }}
          label={t('auth.google.link.title')}
          idPrefix="google-link"
        />
      ) : null}
      {method === 'password' ? (
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors({});
          }}
          error={errors.password}
          testId="google-link-password"
          toggleTestId="google-link-toggle-password"
        />
      ) : (
        <CodeField
          value={code}
          onChange={(c) => {
            setCode(c);
            setErrors({});
          }}
          error={errors.code}
          hint={t('auth.google.link.codeHint', { email: link.email })}
          onSend={() => send.mutate()}
          secondsLeft={countdown.secondsLeft}
          pending={send.isPending}
          testPrefix="google-link"
        />
      )}
      {errors.ticket ? <p className="field__error">{errors.ticket}</p> : null}
      <Button type="submit" size="lg" block loading={prove.isPending} data-testid="google-link-submit">
        {t('auth.google.link.submit')}
      </Button>
      <ButtonLink to="/pass/login" variant="ghost" block data-testid="google-link-cancel">
        {t('auth.google.link.cancel')}
      </ButtonLink>
    </form>
  );
}
