import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { LinkedIdentity } from '@openbourse/contracts/oauth.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { GoogleMark } from '@/shared/components/google-mark';
import { Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useIdentities, useUnlinkIdentity } from './signins-api';
import './linked-sign-ins.css';

/** Brand names as their owners write them. */
const PROVIDER_NAMES: Record<LinkedIdentity['provider'], string> = { google: 'Google' };

/**
 * An identity's address, left to right in every language: where the row is too narrow it breaks
 * before the "@", not at a hyphen or a dot inside; only a part too wide for the row on its own wraps
 * inside (linked-sign-ins.css). The full address in the title too.
 */
function Address({ email }: { email: string | null }) {
  if (!email) return <span className="linked-signins__address">—</span>;
  const at = email.lastIndexOf('@');
  const [local, domain] = at > 0 ? [email.slice(0, at), email.slice(at)] : [email, ''];
  return (
    <span className="linked-signins__address" dir="ltr" title={email} data-testid="identity-address">
      <span className="linked-signins__part">{local}</span>
      {domain ? <span className="linked-signins__part">{domain}</span> : null}
    </span>
  );
}

/**
 * The account centre's linked Google sign-ins: each may be unlinked, except the account's only way
 * in (no password and nothing else linked), which the server refuses and the page explains.
 */
export function LinkedSignIns() {
  const { t } = useTranslation();
  return (
    <Section title={t('auth.google.account.title')}>
      <LinkedSignInsList />
    </Section>
  );
}

function LinkedSignInsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useIdentities();
  const unlink = useUnlinkIdentity();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={1} />;
  const onlyWay = !data.hasPassword && data.identities.length === 1;
  const run = (id: number) => {
    if (!window.confirm(t('auth.google.account.unlinkConfirm'))) return;
    unlink.mutate(id, {
      onSuccess: () => toast.success(t('auth.google.account.unlinked')),
      onError: (e) =>
        toast.error(
          e instanceof ApiError && e.is(ErrorCode.LastWayIn) ? t('auth.google.account.onlyWay') : errorMessage(e),
        ),
    });
  };
  return (
    <div className="linked-signins" data-testid="linked-signins">
      {data.identities.length === 0 ? (
        <p className="muted">{t('auth.google.account.empty')}</p>
      ) : (
        <ul className="account-list">
          {data.identities.map((i) => (
            <li key={i.id} className="account-list__item" data-testid={`identity-${i.id}`}>
              <GoogleMark />
              <div className="account-list__main">
                <span className="linked-signins__provider">{PROVIDER_NAMES[i.provider]}</span>
                <Address email={i.email} />
                <span className="account-list__meta">
                  <span className="linked-signins__when">
                    {t('auth.google.account.linkedOn', { date: format.dateTime(i.createdAt) })}
                    {i.lastUsedAt ? ' ·' : ''}
                  </span>
                  {i.lastUsedAt ? (
                    <>
                      {' '}
                      <span className="linked-signins__when">
                        {t('auth.google.account.lastUsed', { date: format.dateTime(i.lastUsedAt) })}
                      </span>
                    </>
                  ) : null}
                </span>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => run(i.id)}
                disabled={unlink.isPending || onlyWay}
                title={onlyWay ? t('auth.google.account.onlyWay') : undefined}
                data-testid={`identity-unlink-${i.id}`}
              >
                {t('auth.google.account.unlink')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {onlyWay ? <p className="muted">{t('auth.google.account.onlyWay')}</p> : null}
      <p className="muted">{t('auth.google.account.hint')}</p>
    </div>
  );
}
