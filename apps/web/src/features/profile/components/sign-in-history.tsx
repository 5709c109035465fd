import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { SIGN_INS_PAGE_SIZE, useSignIns } from '../api/account';

/** When and from where the account was signed in to, newest first, a page at a time. */
export function SignInHistory() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const { data, isPending, error, refetch } = useSignIns(page);
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={4} />;
  const pages = Math.max(1, Math.ceil(data.total / SIGN_INS_PAGE_SIZE));
  return (
    <div data-testid="sign-in-history">
      <ul className="account-list">
        {data.list.map((r) => (
          <li key={r.id} className="account-list__item" data-testid="sign-in-row">
            <div className="account-list__main">
              <span className="account-list__title">{r.device || t('info.sessions.unknownDevice')}</span>
              <span className="account-list__meta">
                <time dateTime={r.at}>{format.dateTime(r.at)}</time> · <bdi dir="ltr">{r.ip ?? '—'}</bdi>
              </span>
            </div>
            <span className={r.success ? 'account-list__ok' : 'account-list__fail'}>
              {r.success ? t('info.history.success') : t('info.history.failure')}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="account-pager">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('info.history.newer')}
          </Button>
          <span className="muted">{t('info.history.page', { page, pages })}</span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('info.history.older')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
