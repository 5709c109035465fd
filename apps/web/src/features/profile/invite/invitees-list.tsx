import type { Invitee } from '@openbourse/contracts/invites.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconUsers } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { useInvitees } from './api';

function InviteeRow({ row }: { row: Invitee }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li className="invitee" data-testid="invitee-row">
      <div className="invitee__who">
        <span className="invitee__name" dir="ltr" data-testid="invitee-name">
          {row.username}
        </span>
        <span className="invitee__joined">
          {t('invite.list.joined', { date: f.date(new Date(row.joinedAt).toISOString()) })}
        </span>
      </div>
      <span
        className={`invitee__badge ${row.traded ? 'invitee__badge--yes' : ''}`}
        data-testid="invitee-traded"
        data-traded={row.traded ? 'yes' : 'no'}
      >
        {row.traded ? t('invite.list.traded') : t('invite.list.notTraded')}
      </span>
      <span className="invitee__reward" data-testid="invitee-reward">
        <span className="invitee__reward-label">{t('invite.list.reward')}</span>
        {f.money(row.reward, row.currency)}
      </span>
    </li>
  );
}

/** The users the caller invited: masked name, joined, traded or not, what they earned the caller. */
export function InviteesList() {
  const { t } = useTranslation();
  const q = useInvitees();
  if (q.isPending) return <Skeleton height="4rem" />;
  if (q.isError && q.rows.length === 0) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  if (q.rows.length === 0) {
    return (
      <div data-testid="invitees-empty">
        <EmptyState icon={<IconUsers />} title={t('invite.list.emptyTitle')} text={t('invite.list.emptyText')} />
      </div>
    );
  }
  return (
    <>
      <ul className="invitees" data-testid="invitees">
        {q.rows.map((r) => (
          <InviteeRow key={`${r.username}-${r.joinedAt}`} row={r} />
        ))}
      </ul>
      <LoadMore query={q} testId="invitees-more" />
    </>
  );
}
