import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { useRevokeSession, useSessions } from '../api/account';

/** The user's signed-in devices: browser and system, address, last seen; sign out each or all others. */
export function SessionsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useSessions();
  const revoke = useRevokeSession();
  const run = (target: number | 'others') =>
    revoke.mutate(target, {
      onSuccess: () => toast.success(t('info.sessions.signedOut')),
      onError: (e) => toast.error(errorMessage(e)),
    });
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  const others = data.filter((s) => !s.current).length;
  return (
    <div className="account-sessions" data-testid="sessions-list">
      <ul className="account-list">
        {data.map((s) => (
          <li key={s.id} className="account-list__item" data-testid={`session-${s.id}`}>
            <div className="account-list__main">
              <span className="account-list__title">
                {s.device || t('info.sessions.unknownDevice')}
                {s.current ? <Badge tone="accent">{t('info.sessions.current')}</Badge> : null}
              </span>
              <span className="account-list__meta">
                <bdi dir="ltr">{s.ip ?? '—'}</bdi> ·{' '}
                {t('info.sessions.lastSeen', { time: format.dateTime(s.lastSeenAt) })}
              </span>
            </div>
            {s.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => run(s.id)}
                disabled={revoke.isPending}
                data-testid={`session-revoke-${s.id}`}
              >
                {t('info.sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button
          variant="secondary"
          onClick={() => run('others')}
          loading={revoke.isPending}
          data-testid="sessions-revoke-others"
        >
          {t('info.sessions.signOutOthers')}
        </Button>
      ) : (
        <p className="muted">{t('info.sessions.onlyThis')}</p>
      )}
    </div>
  );
}
