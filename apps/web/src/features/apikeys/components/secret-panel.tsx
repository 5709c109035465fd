import type { CreatedApiKey } from '@openbourse/contracts/apikeys.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconCopy } from '@/shared/components/icons';
import { toast } from '@/shared/components/toast/toast-store';

/** A new key's id and secret, shown this once: copy them, then they are gone from the page. */
export function SecretPanel({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  // The form it replaces may have been scrolled past: bring the secret (and its warning) into view.
  useEffect(() => {
    // (Optional: not every environment scrolls, jsdom among them.)
    panel.current?.scrollIntoView?.({ block: 'start' });
    panel.current?.focus();
  }, []);
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toast.success(t('apikeys.secret.copied'));
  };
  return (
    <div className="apikey-secret" ref={panel} tabIndex={-1} data-testid="apikey-secret-panel">
      <p className="apikey-secret__warning" role="alert">
        {t('apikeys.secret.warning')}
      </p>
      <dl className="details">
        <div className="details__row">
          <dt>{t('apikeys.keyId')}</dt>
          <dd className="apikey-mono" data-testid="apikey-new-id">
            {created.key.keyId}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t('apikeys.secret.label')}</dt>
          <dd className="apikey-mono" data-testid="apikey-new-secret">
            {created.secret}
          </dd>
        </div>
      </dl>
      <div className="apikey-actions">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void copy(created.key.keyId)}
          data-testid="apikey-copy-id"
        >
          <IconCopy /> {t('apikeys.secret.copyId')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void copy(created.secret)}
          data-testid="apikey-copy-secret"
        >
          <IconCopy /> {t('apikeys.secret.copySecret')}
        </Button>
        <Button type="button" onClick={onDone} data-testid="apikey-secret-done">
          {t('apikeys.secret.done')}
        </Button>
      </div>
    </div>
  );
}
