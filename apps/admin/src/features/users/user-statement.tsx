/** A user's ledger statement in one book, newest first, paged by the server. */
import type { AdminStatementPage } from '@openbourse/contracts/admin.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Card } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { ModeSwitch } from './mode-switch';

type Page = z.infer<typeof AdminStatementPage>;
type Entry = Page['entries'][number];
const SIZE = 25;

const COLUMNS: ColumnDef<Entry>[] = [
  { header: 'Time', accessorKey: 'time', cell: (c) => formatTime(c.getValue<string>()) },
  { header: 'Entry', accessorKey: 'code' },
  { header: 'Currency', accessorKey: 'currency' },
  {
    header: 'Amount',
    accessorKey: 'amount',
    meta: { align: 'end' },
    cell: (c) => {
      const v = c.getValue<string>();
      return <span className={v.startsWith('-') ? 'is-down' : 'is-up'}>{formatDecimal(v)}</span>;
    },
  },
  {
    header: 'Available after',
    accessorKey: 'available',
    meta: { align: 'end' },
    cell: (c) => formatDecimal(c.getValue<string>()),
  },
  {
    header: 'Locked after',
    accessorKey: 'locked',
    meta: { align: 'end' },
    cell: (c) => formatDecimal(c.getValue<string>()),
  },
  {
    header: 'Reference',
    id: 'ref',
    cell: ({ row }) => (row.original.refType ? `${row.original.refType} ${row.original.refId ?? ''}` : '—'),
  },
];

export function UserStatement({ userId }: { userId: number }) {
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['user', userId, 'statement', mode, page],
    queryFn: async () =>
      (await api.get<Page>(`users/${userId}/statement`, { query: { mode, page, size: SIZE } })).result,
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="Ledger statement"
      actions={
        <ModeSwitch
          mode={mode}
          onChange={(m) => {
            setMode(m);
            setPage(1);
          }}
        />
      }
    >
      <DataTable
        label="Ledger statement"
        columns={COLUMNS}
        data={q.data?.entries}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.id}
        empty="No entries in this book"
        footer={q.data ? <Pager page={page} size={SIZE} total={q.data.total} onPage={setPage} /> : null}
      />
    </Card>
  );
}
