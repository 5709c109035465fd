/** One user: who they are, balances in both books, ledger statement, orders, and sign-in sessions. */
import type { AdminUserDetail } from '@openbourse/contracts/admin.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Card, ErrorNote, Facts, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatAgo, formatDecimal, formatTime } from '@/shared/format';
import { useCan } from '@/shared/session';
import { StatusBadge } from './status-badge';
import { UserActions } from './user-actions';
import { UserOrders } from './user-orders';
import { UserStatement } from './user-statement';

type Detail = z.infer<typeof AdminUserDetail>;
type Balance = Detail['balances']['real'][number];
type Session = Detail['sessions'][number];

const BALANCES: ColumnDef<Balance>[] = [
  { header: 'Currency', accessorKey: 'currency', cell: (c) => <strong>{c.getValue<string>()}</strong> },
  {
    header: 'Available',
    accessorKey: 'available',
    meta: { align: 'end' },
    cell: (c) => formatDecimal(c.getValue<string>()),
  },
  { header: 'Locked', accessorKey: 'locked', meta: { align: 'end' }, cell: (c) => formatDecimal(c.getValue<string>()) },
  { header: 'Total', accessorKey: 'total', meta: { align: 'end' }, cell: (c) => formatDecimal(c.getValue<string>()) },
];

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
  const q = useQuery({
    queryKey: ['user', id],
    queryFn: async () => (await api.get<Detail>(`users/${id}`)).result,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
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
                  <DataTable
                    label={`${book === 'real' ? 'Real' : 'Demo'} balances`}
                    columns={BALANCES}
                    data={d.balances[book]}
                    rowKey={(r) => r.currency}
                    empty="No balances"
                  />
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
