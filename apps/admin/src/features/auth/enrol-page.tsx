/** TOTP enrolment: a session that must set up two-factor sign-in can do only this. */
import type { Admin, AdminMe, TotpEnrolResult } from '@openbourse/contracts/admin.ts';
import { Button } from '@openbourse/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { ErrorNote, TextField } from '@/shared/components';
import { sessionStore, useSession } from '@/shared/session';

type Enrol = z.infer<typeof TotpEnrolResult>;

export function EnrolPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  const start = useMutation({ mutationFn: async () => (await api.post<Enrol>('auth/totp/enrol')).result });
  const confirm = useMutation({
    mutationFn: async () => {
      const admin = (await api.post<Admin>('auth/totp/confirm', { code })).result;
      const me = (await api.get<AdminMe>('auth/me')).result;
      sessionStore.update({ admin, scope: 'full', permissions: me.permissions.mine });
    },
    onSuccess: () => navigate('/', { replace: true }),
  });

  if (!session) return <Navigate to="/sign-in" replace />;
  if (session.scope === 'full') return <Navigate to="/" replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    confirm.mutate();
  }

  return (
    <div className="auth-page">
      <div className="auth-card auth-card--wide">
        <h1>Set up two-factor sign-in</h1>
        <p className="muted">
          {session.admin.role === 'owner' ? 'Owners' : 'Your account'} must sign in with a code from an authenticator
          app (Google Authenticator, 1Password, Authy …). Until this is done, {session.admin.email} can open nothing
          else.
        </p>
        {start.data ? (
          <form className="enrol" onSubmit={submit} noValidate>
            <img className="enrol__qr" src={start.data.qr} alt="QR code to scan with the authenticator app" />
            <div className="enrol__steps">
              <ol>
                <li>Scan the code with the app, or type this key:</li>
              </ol>
              <code className="enrol__secret" data-testid="totp-secret">
                {start.data.secret}
              </code>
              <ol start={2}>
                <li>Enter the six digits the app shows.</li>
              </ol>
              <TextField
                label="Authenticator code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                autoFocus
              />
              <ErrorNote error={confirm.error} />
              <Button type="submit" block loading={confirm.isPending} disabled={code.length !== 6}>
                Confirm and continue
              </Button>
            </div>
          </form>
        ) : (
          <>
            <ErrorNote error={start.error} />
            <Button size="lg" onClick={() => start.mutate()} loading={start.isPending}>
              Show my QR code
            </Button>
          </>
        )}
        <button
          type="button"
          className="btn btn--link auth-card__foot"
          onClick={() => {
            api.post('auth/logout').catch(() => undefined);
            sessionStore.set(null);
          }}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}
