import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { useSession } from '@/shared/session/use-session';
import { listenForInstallPrompt } from '../lib/install';
import { dropPushOnSignOut, syncPushLanguage } from '../lib/push';
import { applyUpdate, registerServiceWorker, updateStore } from '../lib/service-worker';
import { useStore } from '../lib/store';
import '../pwa.css';

/**
 * The installable app's runtime, mounted once in the root layout: registers the service worker,
 * keeps Chromium's install prompt for /download, keeps pushes in the app's language and off after
 * sign-out, and offers "reload" when a new version is ready (never swapping code under the user).
 */
export function PwaRuntime() {
  const { t } = useTranslation();
  const { waiting } = useStore(updateStore);
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const language = useSession((s) => s.language);

  useEffect(() => {
    listenForInstallPrompt();
    void registerServiceWorker();
  }, []);

  useEffect(() => {
    if (isLoggedIn) void syncPushLanguage(language).catch(() => undefined);
  }, [isLoggedIn, language]);

  // Signed out (here or in another tab): this browser no longer gets the account's pushes.
  useEffect(() => {
    if (!isLoggedIn) void dropPushOnSignOut().catch(() => undefined);
  }, [isLoggedIn]);

  if (!waiting) return null;
  return (
    <div className="pwa-update" role="status" data-testid="pwa-update">
      <span className="pwa-update__text">{t('pwa.update.text')}</span>
      <Button size="sm" onClick={applyUpdate} data-testid="pwa-update-reload">
        {t('pwa.update.reload')}
      </Button>
      <button
        type="button"
        className="pwa-update__later"
        onClick={() => updateStore.set({ waiting: false })}
        aria-label={t('pwa.update.later')}
        title={t('pwa.update.later')}
      >
        ×
      </button>
    </div>
  );
}
