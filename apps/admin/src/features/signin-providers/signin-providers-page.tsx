/**
 * Sign-in providers (owners, `signin.edit`): Google sign-in's client id, client secret (write-only:
 * stored sealed, never shown again), issuer (Google's by default; any OpenID provider for tests or
 * self-hosting) and whether the login and register pages offer it. Saving is audited
 * (signinProviders.update, without the secret); enabling checks that the issuer answers discovery.
 */
import { type AdminSignInProvider, DEFAULT_GOOGLE_ISSUER } from '@openbourse/contracts/oauth.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Card, ErrorNote, Facts, Notice, PageHeader, TextField, Toggle } from '@/shared/components';
import { getSignInProviders, saveSignInProvider, signInProvidersKey } from './signin-providers-api';

interface Form {
  clientId: string;
  clientSecret: string;
  issuer: string;
  enabled: boolean;
}

const toForm = (p: AdminSignInProvider): Form => ({
  clientId: p.clientId,
  clientSecret: '',
  issuer: p.issuer || DEFAULT_GOOGLE_ISSUER,
  enabled: p.enabled,
});

const SOURCE: Record<AdminSignInProvider['source'], string> = {
  settings: 'Saved here',
  env: 'Environment (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET): saving here takes over',
  none: 'Not configured',
};

function ProviderCard({ provider }: { provider: AdminSignInProvider }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => toForm(provider));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [done, setDone] = useState(false);
  useEffect(() => setForm(toForm(provider)), [provider]);
  const save = useMutation({
    mutationFn: (f: Form) =>
      saveSignInProvider(provider.provider, {
        clientId: f.clientId.trim(),
        issuer: f.issuer.trim(),
        enabled: f.enabled,
        ...(f.clientSecret.trim() ? { clientSecret: f.clientSecret.trim() } : {}),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminSignInProvider[]>(signInProvidersKey, (old) =>
        (old ?? []).map((p) => (p.provider === saved.provider ? saved : p)),
      );
      setDone(true);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    const next: typeof errors = {};
    if (!form.clientId.trim()) next.clientId = 'The client id from the provider’s console';
    if (!/^https?:\/\/\S+$/.test(form.issuer.trim()))
      next.issuer = 'An https address (plain http only on this machine)';
    if (form.enabled && !provider.hasSecret && !form.clientSecret.trim()) next.clientSecret = 'Needed to turn it on';
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate(form);
  }

  return (
    <Card title="Google">
      <Facts
        items={[
          ['Status', provider.enabled ? 'On: offered on the login and register pages' : 'Off'],
          ['Source', SOURCE[provider.source]],
          ['Client secret', provider.hasSecret ? 'Stored (sealed; never shown)' : 'None'],
          [
            'Redirect URI to register with Google',
            provider.redirectUri ?? 'https://<your site>/api/loginCallback/google (set PUBLIC_URL to show it here)',
          ],
        ]}
      />
      {done ? <Notice tone="ok">Saved and written to the audit log. Every server follows at once.</Notice> : null}
      <form className="form" onSubmit={submit} noValidate data-testid="signin-google-form">
        <TextField
          label="Client id"
          value={form.clientId}
          autoComplete="off"
          spellCheck={false}
          error={errors.clientId}
          onChange={(e) => setForm({ ...form, clientId: e.target.value })}
          data-testid="signin-client-id"
        />
        <TextField
          label="Client secret"
          type="password"
          value={form.clientSecret}
          autoComplete="new-password"
          hint={provider.hasSecret ? 'Leave empty to keep the stored secret' : 'Write-only: it is never shown again'}
          error={errors.clientSecret}
          onChange={(e) => setForm({ ...form, clientSecret: e.target.value })}
          data-testid="signin-client-secret"
        />
        <TextField
          label="Issuer"
          value={form.issuer}
          spellCheck={false}
          hint={`Google: ${DEFAULT_GOOGLE_ISSUER}. Another OpenID Connect provider works too.`}
          error={errors.issuer}
          onChange={(e) => setForm({ ...form, issuer: e.target.value })}
          data-testid="signin-issuer"
        />
        <Toggle
          label="Offer “Continue with Google”"
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
          hint="Turning it on checks that the issuer answers OpenID discovery."
        />
        <ErrorNote error={save.error} />
        <div>
          <Button type="submit" disabled={save.isPending} data-testid="signin-save">
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SignInProvidersPage() {
  const q = useQuery({ queryKey: signInProvidersKey, queryFn: getSignInProviders });
  return (
    <>
      <PageHeader
        title="Sign-in providers"
        sub="Third-party sign-in for users. Until a provider is configured and on, the login and register pages do not offer it. A first sign-in makes an account for a new address; an address that already has an account is linked only after its owner proves the password or an emailed code."
        actions={
          <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
            Refresh
          </Button>
        }
      />
      <ErrorNote error={q.error} />
      {q.data?.map((p) => (
        <ProviderCard key={p.provider} provider={p} />
      ))}
    </>
  );
}
