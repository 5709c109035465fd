/** Sign-in: email and password, then the authenticator code once the account has TOTP. */
import type { AdminMe } from '@openbourse/contracts/admin.ts';
import type { AdminSignInResult } from '@openbourse/contracts/admin.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TextField } from '@/shared/components';
import { Brand } from '@/shared/brand';
import { api, ApiError, errorMessage } from '@/shared/api';
import { sessionStore, useSession } from '@/shared/session';

type SignIn = z.infer<typeof AdminSignInResult>;

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  const signIn = useMutation({
    mutationFn: async () => {
      const body = { email: email.trim(), password, ...(code ? { totp: code } : {}) };
      const { result } = await api.post<SignIn>('auth/login', body);
      sessionStore.set({ token: result.token, scope: result.scope, admin: result.admin, permissions: [] });
      if (result.scope === 'full') {
        const me = (await api.get<AdminMe>('auth/me')).result;
        sessionStore.update({ permissions: me.permissions.mine });
      }
      return result;
    },
    onSuccess: (result) => navigate(result.scope === 'enrol' ? '/enrol' : from, { replace: true }),
    onError: (error) => {
      if (error instanceof ApiError && error.is(40021)) setNeedsCode(true);
    },
  });

  if (session?.scope === 'full') return <Navigate to="/" replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    signIn.mutate();
  }

  const refusal = signIn.error;
  return (
    <div className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <Brand center />
        <h1>Sign in</h1>
        <p className="muted">For operators of this platform. Customers sign in on the main site.</p>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {needsCode ? (
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            hint="The six digits your authenticator app shows for this account"
            autoFocus
          />
        ) : null}
        {refusal && !(refusal instanceof ApiError && refusal.is(40021) && !code) ? (
          <p className="note note--error" role="alert">
            {errorMessage(refusal)}
          </p>
        ) : null}
        <Button type="submit" size="lg" block loading={signIn.isPending}>
          {needsCode ? 'Verify and sign in' : 'Sign in'}
        </Button>
        <p className="auth-card__foot muted">
          The first owner is created from <code>ADMIN_EMAIL</code> and <code>ADMIN_PASSWORD</code> on first start, or
          with <code>npm run admin -w @openbourse/server -- create-owner &lt;email&gt;</code>.
        </p>
      </form>
    </div>
  );
}
