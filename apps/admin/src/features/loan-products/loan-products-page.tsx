/** Loan products: what users may borrow under. A row opens its editor; products are switched off, never deleted. */
import { Badge, Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { LoanProductDialog } from './loan-product-dialog';
import { getProducts, type LoanProduct, productsKey } from './loan-products-api';

const COLUMNS: ColumnDef<LoanProduct>[] = [
  {
    id: 'name',
    header: 'Product',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.names.en}</strong>
        <small>
          ID {row.original.id} · {Object.keys(row.original.names).length} languages
        </small>
      </span>
    ),
  },
  {
    id: 'range',
    header: 'Amount',
    cell: ({ row }) =>
      `${formatDecimal(row.original.minAmount, 0)} – ${formatDecimal(row.original.maxAmount, 0)} ${row.original.currency}`,
  },
  { id: 'terms', header: 'Terms', cell: ({ row }) => `${row.original.termDays.join(' / ')} days` },
  { id: 'rate', header: 'Daily rate', cell: ({ row }) => formatPercent(row.original.dailyRate) },
  { id: 'free', header: 'Free days', meta: { align: 'end' }, cell: ({ row }) => row.original.freeDays },
  { id: 'max', header: 'At once', meta: { align: 'end' }, cell: ({ row }) => row.original.maxActive },
  {
    id: 'kyc',
    header: 'KYC',
    cell: ({ row }) =>
      /[1-9]/.test(row.original.kycFrom)
        ? `from ${formatDecimal(row.original.kycFrom, 0)} ${row.original.currency}`
        : 'every loan',
  },
  {
    id: 'enabled',
    header: 'State',
    cell: ({ row }) =>
      row.original.enabled ? <Badge tone="accent">Offered</Badge> : <Badge tone="neutral">Off</Badge>,
  },
];

export function LoanProductsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: productsKey, queryFn: getProducts });
  const [editing, setEditing] = useState<LoanProduct | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title="Loan products"
        sub="Amount range, terms, daily rate, interest-free days, loans at once and the KYC threshold. A loan keeps the terms it was signed with."
        actions={<Button onClick={() => setEditing('new')}>New product</Button>}
      />
      <DataTable
        label="Loan products"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty="No loan products"
        rowKey={(r) => r.id}
        onRowClick={setEditing}
      />
      {editing ? (
        <LoanProductDialog
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            queryClient.setQueryData<{ list: LoanProduct[] }>(productsKey, (data) =>
              data
                ? {
                    list: data.list.some((x) => x.id === p.id)
                      ? data.list.map((x) => (x.id === p.id ? p : x))
                      : [...data.list, p],
                  }
                : data,
            );
            queryClient.invalidateQueries({ queryKey: productsKey, refetchType: 'none' });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
