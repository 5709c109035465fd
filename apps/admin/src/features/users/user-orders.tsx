/** A user's margin orders in one book, newest first, each fill naming the tick that priced it. */
import type { UOrder } from '@openbourse/contracts/trading.ts';
import { Badge } from '@openbourse/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/shared/api';
import { Card } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { ModeSwitch } from './mode-switch';

interface Page {
  list: UOrder[];
  total: number;
}
const SIZE = 25;

const STATE_TONE: Record<string, 'accent' | 'info' | 'neutral' | 'warn'> = {
  open: 'accent',
  pending: 'info',
  closed: 'neutral',
  cancelled: 'warn',
};

const COLUMNS: ColumnDef<UOrder>[] = [
  { header: 'Order', accessorKey: 'orderNo', cell: (c) => <code>{c.getValue<string>()}</code> },
  { header: 'Instrument', accessorKey: 'code', cell: (c) => <strong>{c.getValue<string>()}</strong> },
  {
    header: 'Side',
    accessorKey: 'side',
    cell: (c) => (
      <Badge tone={c.getValue() === 'buy' ? 'accent' : 'down'}>{c.getValue() === 'buy' ? 'Buy' : 'Sell'}</Badge>
    ),
  },
  {
    header: 'State',
    accessorKey: 'state',
    cell: (c) => <Badge tone={STATE_TONE[c.getValue<string>()] ?? 'neutral'}>{c.getValue<string>()}</Badge>,
  },
  { header: 'Lots', accessorKey: 'lots', meta: { align: 'end' }, cell: (c) => formatDecimal(c.getValue<string>(), 0) },
  { header: 'Leverage', accessorKey: 'leverage', meta: { align: 'end' }, cell: (c) => `${c.getValue<number>()}×` },
  {
    header: 'Open',
    id: 'open',
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.openPrice ? (
        <span title={`tick ${row.original.openTickId}`}>{formatDecimal(row.original.openPrice, 0)}</span>
      ) : (
        '—'
      ),
  },
  {
    header: 'Close',
    id: 'close',
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.closePrice ? (
        <span title={`tick ${row.original.closeTickId} · ${row.original.closeReason ?? ''}`}>
          {formatDecimal(row.original.closePrice, 0)}
        </span>
      ) : (
        '—'
      ),
  },
  { header: 'Fee', accessorKey: 'fee', meta: { align: 'end' }, cell: (c) => formatDecimal(c.getValue<string>()) },
  {
    header: 'Profit',
    accessorKey: 'profit',
    meta: { align: 'end' },
    cell: (c) => {
      const v = c.getValue<string>();
      return <span className={v.startsWith('-') ? 'is-down' : 'is-up'}>{formatDecimal(v)}</span>;
    },
  },
  { header: 'Placed', accessorKey: 'createdAt', cell: (c) => formatTime(c.getValue<number>()) },
];

export function UserOrders({ userId }: { userId: number }) {
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['user', userId, 'orders', mode, page],
    queryFn: async () => (await api.get<Page>(`users/${userId}/orders`, { query: { mode, page, size: SIZE } })).result,
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="Margin orders"
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
        label="Orders"
        columns={COLUMNS}
        data={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.id}
        empty="No orders in this book"
        footer={q.data ? <Pager page={page} size={SIZE} total={q.data.total} onPage={setPage} /> : null}
      />
    </Card>
  );
}
