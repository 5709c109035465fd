/** One user: who they are, balances in both books, ledger statement, orders, and sign-in sessions. */
import { Badge } from '@openbourse/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card, ErrorNote, Facts, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatAgo, formatTime } from '@/shared/format';
import { useCan } from '@/shared/session';
import { BalancesTable } from './balances-table';
import { StatusBadge } from './status-badge';
import { UserActions } from './user-actions';
import { UserOrders } from './user-orders';
import { type UserDetail, useUserDetail } from './user-detail-api';
import { UserStatement } from './user-statement';

type Session = UserDetail['sessions'][number];

const SESSIONS: ColumnDef<Session>[] = [
  { header: 'Signed in', accessorKey: 'createdAt', cell: (c) => formatTime(c.getValue<string>()) },
  { header: 'Address', accessorKey: 'ip', cell: (c) => c.getValue<string | null>() ?? '—' },
  {
    header: 'Device',
    accessorKey: 'userAgent',
    cell: (c) => (
      <span className="ellipsis" title={c.getValue<string | null>() ?? ''}>
        {c.getValue<string | null>() ?? '—'}
      </span>
    ),
  },
  {
    header: 'State',
    id: 'state',
    cell: ({ row }) =>
      row.original.live ? (
        <Badge tone="accent">Live</Badge>
      ) : row.original.revokedAt ? (
        <Badge tone="down">Ended {formatAgo(row.original.revokedAt)}</Badge>
      ) : (
        <Badge>Expired</Badge>
      ),
  },
  { header: 'Expires', accessorKey: 'expiresAt', cell: (c) => formatTime(c.getValue<string>()) },
];

const TABS = ['Balances', 'Statement', 'Orders', 'Sessions'] as const;
type Tab = (typeof TABS)[number];

export function UserDetailPage() {
  const id = Number(useParams().id);
  const canManage = useCan('users.manage');
  const [tab, setTab] = useState<Tab>('Balances');
  const q = useUserDetail(id);
  const d = q.data;

  return (
    <>
      <p className="crumbs">
        <Link to="/users">Users</Link> / {d?.user.username ?? id}
      </p>
      <PageHeader
        title={d ? d.user.username : 'User'}
        sub={d ? <StatusBadge status={d.user.status} /> : null}
        actions={
          d && canManage ? (
            <UserActions userId={id} status={d.user.status} hasWithdrawalPassword={d.user.hasWithdrawalPassword} />
          ) : null
        }
      />
      <ErrorNote error={q.error} />
      {d ? (
        <>
          <Card>
            <Facts
              items={[
                ['ID', d.user.id],
                ['Email', d.user.email ?? '—'],
                ['Phone', d.user.phone ?? '—'],
                ['KYC', d.user.kycStatus],
                ['Signed up', formatTime(d.user.createdAt)],
                ['Last sign-in', formatTime(d.user.lastLoginAt)],
                ['Withdrawal password', d.user.hasWithdrawalPassword ? 'Set' : 'Not set'],
                ['Invite code', d.user.inviteCode],
              ]}
            />
          </Card>
          <div className="tabs" role="tablist" aria-label="User records">
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={`tab${tab === t ? ' is-active' : ''}`}
                onClick={() => setTab(t)}
              >
                {t}
              </button>
            ))}
          </div>
          {tab === 'Balances' ? (
            <div className="grid-2">
              {(['real', 'demo'] as const).map((book) => (
                <Card key={book} title={book === 'real' ? 'Real account' : 'Demo account'}>
                  <BalancesTable label={`${book === 'real' ? 'Real' : 'Demo'} balances`} balances={d.balances[book]} />
                </Card>
              ))}
            </div>
          ) : null}
          {tab === 'Statement' ? <UserStatement userId={id} /> : null}
          {tab === 'Orders' ? <UserOrders userId={id} /> : null}
          {tab === 'Sessions' ? (
            <Card title="Sign-in history">
              <DataTable
                label="Sessions"
                columns={SESSIONS}
                data={d.sessions}
                rowKey={(r) => r.id}
                empty="Never signed in"
              />
            </Card>
          ) : null}
        </>
      ) : null}
    </>
  );
}
