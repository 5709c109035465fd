import type { ApiKeyView } from '@openbourse/contracts/apikeys.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@openbourse/ui';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { Modal } from '@/shared/components/modal';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { useApiKeys, useRevokeApiKey } from '../api';

/** The user's live keys, each with what it may do and from where, and a revoke asked to be confirmed. */
export function KeysList() {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [target, setTarget] = useState<ApiKeyView | null>(null);

  const confirmRevoke = async () => {
    if (!target) return;
    try {
      await revoke.mutateAsync(target.keyId);
      toast.success(t('apikeys.revoke.done'));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setTarget(null);
    }
  };

  if (keys.isPending) return <SkeletonRows rows={3} />;
  if (keys.isError) return <QueryError error={keys.error} onRetry={() => void keys.refetch()} />;
  if (keys.data.length === 0) return <EmptyState title={t('apikeys.list.empty')} />;
  return (
    <>
      <ul className="apikey-list" data-testid="apikey-list">
        {keys.data.map((k) => (
          <li key={k.keyId} className="apikey-item" data-testid="apikey-item">
            <div className="apikey-item__head">
              <strong className="apikey-item__label">{k.label}</strong>
              <span className="apikey-item__scopes">
                {k.scopes.map((s) => (
                  <Badge key={s} tone={s === 'trade' ? 'warn' : 'accent'}>
                    {t(`apikeys.scopes.${s}`)}
                  </Badge>
                ))}
              </span>
            </div>
            <dl className="apikey-item__facts">
              <div>
                <dt>{t('apikeys.keyId')}</dt>
                <dd className="apikey-mono" data-testid="apikey-item-id">
                  {k.keyId}
                </dd>
              </div>
              <div>
                <dt>{t('apikeys.list.ips')}</dt>
                <dd className="apikey-mono">{k.ips.length ? k.ips.join(', ') : t('apikeys.list.anyIp')}</dd>
              </div>
              <div>
                <dt>{t('apikeys.list.created')}</dt>
                <dd>{format.dateTime(new Date(k.createdAt).toISOString())}</dd>
              </div>
              <div>
                <dt>{t('apikeys.list.lastUsed')}</dt>
                <dd data-testid="apikey-item-last-used">
                  {k.lastUsedAt ? format.dateTime(new Date(k.lastUsedAt).toISOString()) : t('apikeys.list.never')}
                </dd>
              </div>
              <div>
                <dt>{t('apikeys.list.expires')}</dt>
                <dd>
                  {k.expiresAt ? format.dateTime(new Date(k.expiresAt).toISOString()) : t('apikeys.create.never')}
                </dd>
              </div>
            </dl>
            <div className="apikey-actions">
              <Button type="button" variant="secondary" onClick={() => setTarget(k)} data-testid="apikey-revoke">
                {t('apikeys.revoke.action')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={target !== null}
        onClose={() => setTarget(null)}
        title={t('apikeys.revoke.title')}
        testId="apikey-revoke-dialog"
      >
        <p className="section__text">{t('apikeys.revoke.text', { label: target?.label ?? '' })}</p>
        <div className="apikey-actions">
          <Button
            type="button"
            variant="danger"
            loading={revoke.isPending}
            onClick={() => void confirmRevoke()}
            data-testid="apikey-revoke-confirm"
          >
            {t('apikeys.revoke.confirm')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setTarget(null)} data-testid="apikey-revoke-cancel">
            {t('apikeys.revoke.cancel')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
