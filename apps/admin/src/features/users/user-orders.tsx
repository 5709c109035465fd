/** A user's margin orders in one book, newest first, each fill naming the tick that priced it. */
import type { UOrder } from '@openbourse/contracts/trading.ts';
import { Badge } from '@openbourse/ui';
import type { ColumnDef } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { BookTable } from './book-table';

interface Page {
  list: UOrder[];
  total: number;
}

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
  return (
    <BookTable<Page, UOrder>
      userId={userId}
      record="orders"
      title="Margin orders"
      columns={COLUMNS}
      rows={(p) => p.list}
      total={(p) => p.total}
      rowKey={(r) => r.id}
      empty="No orders in this book"
    />
  );
}
