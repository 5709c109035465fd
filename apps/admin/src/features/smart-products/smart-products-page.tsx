/**
 * Smart plan products: what users may invest in on /trading, with each product's earning plans and
 * the yield still reserved for them. A row opens its editor; products are switched off, never deleted.
 */
import { Badge, Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { useCan } from '@/shared/session';
import { SmartProductDialog } from './smart-product-dialog';
import { getSmartProducts, type SmartProduct, smartProductsKey } from './smart-products-api';

const COLUMNS: ColumnDef<SmartProduct>[] = [
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
  {
    id: 'terms',
    header: 'Terms, daily yield',
    cell: ({ row }) => (
      <span className="smart-products__terms-cell">
        {row.original.terms.map((t) => (
          <span key={t.days}>
            {t.days} d · {formatPercent(t.dailyYield)}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'maxPlans',
    header: 'Per user',
    cell: ({ row }) => (row.original.onePerUser ? 'one at a time' : `up to ${row.original.maxPlans} at once`),
  },
  { id: 'penalty', header: 'Exit penalty', cell: ({ row }) => formatPercent(row.original.exitPenalty) },
  {
    id: 'enabled',
    header: 'State',
    cell: ({ row }) =>
      row.original.enabled ? <Badge tone="accent">Offered</Badge> : <Badge tone="neutral">Off</Badge>,
  },
  { id: 'earning', header: 'Earning plans', meta: { align: 'end' }, cell: ({ row }) => row.original.earning },
  {
    id: 'reserved',
    header: 'Reserved yield',
    meta: { align: 'end' },
    cell: ({ row }) => `${formatDecimal(row.original.reserved)} ${row.original.currency}`,
  },
];

export function SmartProductsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: smartProductsKey, queryFn: getSmartProducts });
  const [editing, setEditing] = useState<SmartProduct | 'new' | null>(null);
  const seesTreasury = useCan('dashboard.read');

  return (
    <>
      <PageHeader
        title="Smart plans"
        sub={
          <>
            Investment range, terms with their daily yields, plans per user and the early-exit penalty. A plan keeps the
            terms it was bought with; the yields are paid from the{' '}
            {seesTreasury ? <Link to="/earn-treasury">earn treasury</Link> : 'earn treasury'}. Smart trading as a whole
            is switched by the parameter smart_enabled.
          </>
        }
        actions={<Button onClick={() => setEditing('new')}>New product</Button>}
      />
      <DataTable
        label="Smart plans"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty="No smart plan products"
        rowKey={(r) => r.id}
        onRowClick={setEditing}
      />
      {editing ? (
        <SmartProductDialog
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            queryClient.setQueryData<{ list: SmartProduct[] }>(smartProductsKey, (data) =>
              data
                ? {
                    list: data.list.some((x) => x.id === p.id)
                      ? data.list.map((x) => (x.id === p.id ? p : x))
                      : [...data.list, p],
                  }
                : data,
            );
            queryClient.invalidateQueries({ queryKey: smartProductsKey, refetchType: 'none' });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
