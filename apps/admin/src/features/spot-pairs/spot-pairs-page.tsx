/** Spot pairs: each order book's grid, fees, market protection and market maker. Edits reach every process and are audited. */
import type { AdminSpotPairList } from '@openbourse/contracts/admin-spot.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '@/shared/api';
import { Notice, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { type SpotPair, SpotPairDialog } from './spot-pair-dialog';

export function SpotPairsPage() {
  // undefined: no dialog; null: adding a pair.
  const [editing, setEditing] = useState<SpotPair | null | undefined>(undefined);
  const [saved, setSaved] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['spotPairs'],
    queryFn: async () => (await api.get<AdminSpotPairList>('spotPairs')).result,
  });

  const columns = useMemo<ColumnDef<SpotPair>[]>(
    () => [
      {
        header: 'Pair',
        accessorKey: 'symbol',
        cell: ({ row }) => (
          <span className="two-line">
            <strong>{row.original.symbol}</strong>
            <small>{row.original.instrumentCode ? `feed ${row.original.instrumentCode}` : 'no feed'}</small>
          </span>
        ),
      },
      {
        header: 'Trading',
        accessorKey: 'enabled',
        cell: (c) => (c.getValue() ? <Badge tone="accent">Enabled</Badge> : <Badge tone="down">Disabled</Badge>),
      },
      {
        header: 'Grid',
        id: 'grid',
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="two-line">
            {`tick ${row.original.tickSize} ${row.original.quote}`}
            <small>{`lot ${row.original.lotSize} ${row.original.base}`}</small>
          </span>
        ),
      },
      {
        header: 'Quantity',
        id: 'quantity',
        meta: { align: 'end' },
        cell: ({ row }) =>
          `${formatDecimal(row.original.minQuantity, 0)} – ${formatDecimal(row.original.maxQuantity, 0)} ${row.original.base}`,
      },
      {
        header: 'Fees',
        id: 'fees',
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="two-line">
            {`maker ${formatPercent(row.original.makerFeeRate)}`}
            <small>{`taker ${formatPercent(row.original.takerFeeRate)}`}</small>
          </span>
        ),
      },
      {
        header: 'Protection',
        accessorKey: 'protectionRate',
        meta: { align: 'end' },
        cell: (c) => formatPercent(c.getValue<string>()),
      },
      {
        header: 'Market maker',
        id: 'maker',
        cell: ({ row }) =>
          row.original.mmEnabled ? (
            <span className="two-line">
              <span>
                <Badge tone="accent">On</Badge>
              </span>
              <small>{`${row.original.mmLevels} levels, ± ${formatPercent(row.original.mmSpreadRate)}`}</small>
            </span>
          ) : (
            <Badge tone="down">Off</Badge>
          ),
      },
      {
        header: 'Resting orders',
        id: 'open',
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="two-line">
            {`${row.original.openOrders.real} real`}
            <small>{`${row.original.openOrders.demo} demo`}</small>
          </span>
        ),
      },
      {
        header: '',
        id: 'edit',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Edit ${row.original.symbol}`}
            onClick={() => {
              setSaved(null);
              setEditing(row.original);
            }}
          >
            Edit
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Spot pairs"
        sub="The exchange's order books: price and quantity steps, fees, market protection and the market maker. Changes apply to new orders at once, on every server process, and are written to the audit log."
        actions={
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={!q.data}
            onClick={() => {
              setSaved(null);
              setEditing(null);
            }}
          >
            Add pair
          </button>
        }
      />
      {saved ? <Notice tone="ok">{saved}</Notice> : null}
      <DataTable
        label="Spot pairs"
        columns={columns}
        data={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        empty="No spot pairs"
        rowKey={(r) => r.id}
      />
      {editing !== undefined && q.data ? (
        <SpotPairDialog
          pair={editing}
          currencies={q.data.currencies}
          onClose={() => setEditing(undefined)}
          onSaved={(p) => {
            setEditing(undefined);
            setSaved(`${p.symbol} saved.`);
          }}
        />
      ) : null}
    </>
  );
}
