import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconBell } from '@/shared/components/icons';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { disablePush, enablePush, type PushState, readPushState } from '../lib/push';

/**
 * Notifications on this device (the notifications page): shows whether pushes come to this
 * browser (on, off, blocked in the browser, not supported) and turns them on or off. The browser's
 * permission is asked only when the user clicks "Turn on".
 */
export function PushSettings() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readPushState()
      .catch((): PushState => 'unsupported')
      .then((s) => {
        if (live) setState(s);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      toast.error(errorMessage(error));
      setState(await readPushState().catch((): PushState => 'unsupported'));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <section className="card push-settings" data-testid="push-settings" data-state={state}>
      <span className="push-settings__icon" aria-hidden="true">
        <IconBell />
      </span>
      <div className="push-settings__main">
        <h2 className="visually-hidden">{t('pwa.push.title')}</h2>
        <span className={`push-settings__state push-settings__state--${state}`} data-testid="push-state">
          {t(`pwa.push.state.${state}`)}
        </span>
        <p className="push-settings__text">{t(`pwa.push.hint.${state}`)}</p>
      </div>
      {state === 'off' ? (
        <Button size="sm" loading={busy} onClick={() => void change(() => enablePush(language))} data-testid="push-on">
          {t('pwa.push.turnOn')}
        </Button>
      ) : state === 'on' ? (
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          onClick={() => void change(disablePush)}
          data-testid="push-off"
        >
          {t('pwa.push.turnOff')}
        </Button>
      ) : null}
    </section>
  );
}
