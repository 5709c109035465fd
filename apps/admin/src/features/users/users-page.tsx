/** Users: search by id, name, email or phone; sorted, filtered and paged by the server. */
import type { AdminUserRow, AdminUsersPage, AdminUsersSort } from '@openbourse/contracts/admin.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable, Pager, type SortingState } from '@/shared/data-table';
import { formatAgo, formatTime } from '@/shared/format';
import { StatusBadge } from './status-badge';

type Row = z.infer<typeof AdminUserRow>;
type Page = z.infer<typeof AdminUsersPage>;

const SIZE = 25;
const SORTABLE: AdminUsersSort[] = ['id', 'username', 'email', 'createdAt', 'lastLoginAt'];

const COLUMNS: ColumnDef<Row>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id', meta: { align: 'end' } },
  { id: 'username', header: 'Username', accessorKey: 'username', cell: (c) => <strong>{c.getValue<string>()}</strong> },
  { id: 'email', header: 'Email', accessorKey: 'email', cell: (c) => c.getValue<string | null>() ?? '—' },
  { id: 'phone', header: 'Phone', accessorKey: 'phone', enableSorting: false, cell: (c) => c.getValue() ?? '—' },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    enableSorting: false,
    cell: (c) => <StatusBadge status={c.getValue<string>()} />,
  },
  { id: 'kycStatus', header: 'KYC', accessorKey: 'kycStatus', enableSorting: false },
  { id: 'createdAt', header: 'Signed up', accessorKey: 'createdAt', cell: (c) => formatTime(c.getValue<string>()) },
  {
    id: 'lastLoginAt',
    header: 'Last sign-in',
    accessorKey: 'lastLoginAt',
    cell: (c) => <span title={formatTime(c.getValue<string | null>())}>{formatAgo(c.getValue<string | null>())}</span>,
  },
];

export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const sortParam = params.get('sort') as AdminUsersSort | null;
  const sort: AdminUsersSort = sortParam && SORTABLE.includes(sortParam) ? sortParam : 'id';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [term, setTerm] = useState(q);

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  // Search as the operator types, a moment after the last key.
  useEffect(() => {
    if (term === q) return;
    const t = setTimeout(() => set({ q: term.trim(), page: null }), 300);
    return () => clearTimeout(t);
  });

  const list = useQuery({
    queryKey: ['users', q, status, sort, dir, page],
    queryFn: async () => (await api.get<Page>('users', { query: { q, status, sort, dir, page, size: SIZE } })).result,
    placeholderData: keepPreviousData,
  });

  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];

  return (
    <>
      <PageHeader
        title="Users"
        sub="Customers of the platform. Select a row to see balances, statement, orders and sessions."
      />
      <div className="toolbar">
        <input
          className="toolbar__search"
          type="search"
          aria-label="Search users"
          placeholder="Search by id, username, email or phone"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <select aria-label="Status" value={status} onChange={(e) => set({ status: e.target.value, page: null })}>
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </select>
      </div>
      <DataTable
        label="Users"
        columns={COLUMNS}
        data={list.data?.items}
        loading={list.isFetching}
        error={list.error}
        empty={q ? `No user matches “${q}”` : 'No users yet'}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(`/users/${r.id}`)}
        sorting={sorting}
        onSortingChange={(updater) => {
          const next = typeof updater === 'function' ? updater(sorting) : updater;
          const first = next[0];
          if (first) set({ sort: first.id, dir: first.desc ? 'desc' : 'asc', page: null });
        }}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
    </>
  );
}
