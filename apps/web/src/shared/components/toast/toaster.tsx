import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlert, IconCheck, IconClose, IconInfo } from '../icons';
import { dismissToast, toastStore } from './toast-store';

const ICONS = { success: IconCheck, error: IconAlert, info: IconInfo } as const;

export function Toaster() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="true">
      {current
        ? (() => {
            const Icon = ICONS[current.tone];
            return (
              <div
                key={current.id}
                className={`toast toast--${current.tone}${current.side ? ` toast--${current.side}` : ''}`}
                data-side={current.side}
                role={current.tone === 'error' ? 'alert' : 'status'}
                data-testid="toast"
              >
                <Icon className="toast__icon" />
                <span className="toast__message">{current.message}</span>
                <button
                  type="button"
                  className="toast__close"
                  onClick={() => dismissToast(current.id)}
                  aria-label={t('common.dismiss')}
                >
                  <IconClose />
                </button>
              </div>
            );
          })()
        : null}
    </div>
  );
}
