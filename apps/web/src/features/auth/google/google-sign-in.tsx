import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { GoogleMark } from '@/shared/components/google-mark';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { redirectStore, startGoogle, useGoogleEnabled } from './google-api';
import './google.css';

/**
 * "Continue with Google" on the login and register pages, only when an operator configured it.
 * The server starts the attempt (state, nonce, PKCE kept server-side) and the browser goes to Google.
 */
export function GoogleSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const enabled = useGoogleEnabled();
  const start = useMutation({
    mutationFn: startGoogle,
    onSuccess({ url }) {
      redirectStore.save(redirect);
      window.location.assign(url);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!enabled) return null;
  return (
    <div className="google-signin">
      <Button
        variant="secondary"
        size="lg"
        block
        onClick={() => start.mutate()}
        loading={start.isPending || start.isSuccess}
        data-testid="google-continue"
      >
        <GoogleMark />
        {t('auth.google.continue')}
      </Button>
    </div>
  );
}
