import type { LinkRequired } from '@openbourse/contracts/oauth.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/shared/components/button';
import { GoogleMark } from '@/shared/components/google-mark';
import { IconLock } from '@/shared/components/icons';
import { errorMessage } from '@/shared/lib/api-client';
import { safeRedirect } from '@/shared/lib/redirect';
import { isLinkRequired, loginByGoogle, redirectStore } from './google-api';
import { GoogleLinkForm } from './google-link';
import { useFinishSignIn } from './use-finish-sign-in';

type View =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'link'; link: LinkRequired['linkRequired'] };

/**
 * /api/loginCallback/google: Google sent the browser back with a code and the state. They are posted
 * once (a state is single use: a second post would fail) and the sign-in completes, or asks for the
 * second factor, or for proof of the existing account the address belongs to.
 */
export function GoogleCallback() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [redirect] = useState(() => safeRedirect(redirectStore.read()));
  const finish = useFinishSignIn(redirect);
  const [view, setView] = useState<View>({ kind: 'working' });
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const iss = params.get('iss');
    if (params.get('error') || !code || !state) {
      setView({
        kind: 'failed',
        message: params.get('error') ? t('auth.google.callback.cancelled') : t('auth.google.callback.missing'),
      });
      return;
    }
    // The code leaves the address bar (and the history) before anything else happens.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    loginByGoogle({ code, state, ...(iss ? { iss } : {}) })
      .then((outcome) => {
        if (isLinkRequired(outcome)) setView({ kind: 'link', link: outcome.linkRequired });
        else finish(outcome);
      })
      .catch((error: unknown) => setView({ kind: 'failed', message: errorMessage(error) }));
  }, [params, finish, t]);

  if (view.kind === 'link') return <GoogleLinkForm link={view.link} redirect={redirect} />;
  if (view.kind === 'failed') {
    return (
      <div className="callback" data-testid="google-callback-failed">
        <span className="callback__icon">
          <IconLock />
        </span>
        <p className="callback__text" role="alert">
          {view.message}
        </p>
        <ButtonLink to="/pass/login" size="lg" block data-testid="callback-login">
          {t('auth.google.callback.retry')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="callback" data-testid="google-callback-working" aria-busy="true">
      <span className="callback__icon google-callback__icon">
        <GoogleMark />
      </span>
      <p className="callback__text" role="status">
        {t('auth.google.callback.working')}
      </p>
    </div>
  );
}
