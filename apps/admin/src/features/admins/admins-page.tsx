/** Admin accounts and their roles (owners only), with the permission table every route is checked against. */
import type { Admin, AdminMe } from '@openbourse/contracts/admin.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '@/shared/api';
import { Card, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatTime } from '@/shared/format';
import { useSession } from '@/shared/session';
import { AdminDialog } from './admin-dialog';

const ROLES = ['owner', 'reviewer', 'support', 'editor'] as const;

export function AdminsPage() {
  const me = useSession();
  const [editing, setEditing] = useState<Admin | 'new' | null>(null);
  const list = useQuery({ queryKey: ['admins'], queryFn: async () => (await api.get<Admin[]>('admins')).result });
  const perms = useQuery({ queryKey: ['me'], queryFn: async () => (await api.get<AdminMe>('auth/me')).result });

  const columns = useMemo<ColumnDef<Admin>[]>(
    () => [
      {
        header: 'Admin',
        accessorKey: 'name',
        cell: ({ row }) => (
          <span className="two-line">
            <strong>
              {row.original.name}
              {row.original.id === me?.admin.id ? ' (you)' : ''}
            </strong>
            <small>{row.original.email}</small>
          </span>
        ),
      },
      {
        header: 'Role',
        accessorKey: 'role',
        cell: (c) => <span className={`role role--${c.getValue<string>()}`}>{c.getValue<string>()}</span>,
      },
      {
        header: 'Status',
        accessorKey: 'status',
        cell: (c) =>
          c.getValue() === 'active' ? <Badge tone="accent">Active</Badge> : <Badge tone="down">Disabled</Badge>,
      },
      {
        header: 'Two-factor',
        id: 'totp',
        cell: ({ row }) =>
          row.original.totpEnabled ? (
            <Badge tone="accent">On</Badge>
          ) : row.original.totpRequired ? (
            <Badge tone="warn">Required, not set up</Badge>
          ) : (
            <Badge>Off</Badge>
          ),
      },
      { header: 'Created', accessorKey: 'createdAt', cell: (c) => formatTime(c.getValue<string>()) },
      {
        header: '',
        id: 'edit',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Edit ${row.original.email}`}
            onClick={() => setEditing(row.original)}
          >
            Edit
          </button>
        ),
      },
    ],
    [me?.admin.id],
  );

  const matrix = perms.data?.permissions.matrix;
  return (
    <>
      <PageHeader
        title="Admins"
        sub="Operators of this console. Owners always sign in with two-factor; the others when their account says so."
        actions={
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')}>
            New admin
          </button>
        }
      />
      <DataTable
        label="Admins"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        rowKey={(r) => r.id}
      />
      {matrix ? (
        <Card title="What each role may do">
          <div className="table-scroll">
            <table className="data-table data-table--plain" aria-label="Permissions">
              <thead>
                <tr>
                  <th>Permission</th>
                  {ROLES.map((r) => (
                    <th key={r} className="center">
                      {r}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Object.entries(matrix).map(([perm, roles]) => (
                  <tr key={perm}>
                    <td>
                      <code>{perm}</code>
                    </td>
                    {ROLES.map((r) => (
                      <td key={r} className="center">
                        {roles.includes(r) ? <span className="is-up">✓</span> : <span className="muted">—</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
      {editing ? <AdminDialog admin={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
