/** A user's balances in one book: available, locked (open orders, waiting withdrawals) and total per currency. */
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import type { Balance } from './user-detail-api';

const COLUMNS: ColumnDef<Balance>[] = [
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

export function BalancesTable({
  label,
  balances,
  loading,
  error,
}: {
  label: string;
  balances: Balance[] | undefined;
  loading?: boolean;
  error?: unknown;
}) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      data={balances}
      loading={loading}
      error={error}
      rowKey={(r) => r.currency}
      empty="No balances"
    />
  );
}
