/** A user's ledger statement in one book, newest first, paged by the server. */
import type { AdminStatementPage } from '@openbourse/contracts/admin.ts';
import type { z } from 'zod';
import type { ColumnDef } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { BookTable } from './book-table';

type Page = z.infer<typeof AdminStatementPage>;
type Entry = Page['entries'][number];

/** A signed change: red when it takes, green when it adds, plain when nothing moved. */
function Signed({ value }: { value: string }) {
  const tone = value.startsWith('-') ? 'is-down' : /^0(\.0*)?$/.test(value) ? undefined : 'is-up';
  return <span className={tone}>{formatDecimal(value)}</span>;
}

const COLUMNS: ColumnDef<Entry>[] = [
  { header: 'Time', accessorKey: 'time', cell: (c) => formatTime(c.getValue<string>()) },
  { header: 'Entry', accessorKey: 'code' },
  { header: 'Currency', accessorKey: 'currency' },
  {
    header: 'Amount',
    accessorKey: 'amount',
    meta: { align: 'end' },
    cell: (c) => <Signed value={c.getValue<string>()} />,
  },
  // The ledger gives each side's signed change (a hold moves available to locked), not the balance after it.
  {
    header: 'Available change',
    accessorKey: 'available',
    meta: { align: 'end' },
    cell: (c) => <Signed value={c.getValue<string>()} />,
  },
  {
    header: 'Locked change',
    accessorKey: 'locked',
    meta: { align: 'end' },
    cell: (c) => <Signed value={c.getValue<string>()} />,
  },
  {
    header: 'Reference',
    id: 'ref',
    cell: ({ row }) => (row.original.refType ? `${row.original.refType} ${row.original.refId ?? ''}` : '—'),
  },
];

export function UserStatement({
  userId,
  book,
  size,
  title = 'Ledger statement',
}: {
  userId: number;
  /** Only this book, without the real / demo switch. */
  book?: 'real' | 'demo';
  size?: number;
  title?: string;
}) {
  return (
    <BookTable<Page, Entry>
      userId={userId}
      record="statement"
      title={title}
      {...(book ? { book } : {})}
      {...(size ? { size } : {})}
      columns={COLUMNS}
      rows={(p) => p.entries}
      total={(p) => p.total}
      rowKey={(r) => r.id}
      empty="No entries in this book"
    />
  );
}
