/** Instruments: trading terms per instrument. An edit reaches every server process at once and is audited. */
import type { AdminInstrument } from '@openbourse/contracts/admin.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Notice, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { InstrumentDialog } from './instrument-dialog';

export type Instrument = z.infer<typeof AdminInstrument>;

export function InstrumentsPage() {
  const [editing, setEditing] = useState<Instrument | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [assetClass, setAssetClass] = useState('');
  const q = useQuery({
    queryKey: ['instruments'],
    queryFn: async () => (await api.get<Instrument[]>('instruments')).result,
  });

  const columns = useMemo<ColumnDef<Instrument>[]>(
    () => [
      {
        header: 'Instrument',
        accessorKey: 'code',
        cell: ({ row }) => (
          <span className="two-line">
            <strong>{row.original.code}</strong>
            <small>{row.original.name}</small>
          </span>
        ),
      },
      { header: 'Class', accessorKey: 'assetClass' },
      {
        header: 'Trading',
        accessorKey: 'enabled',
        cell: (c) => (c.getValue() ? <Badge tone="accent">Enabled</Badge> : <Badge tone="down">Disabled</Badge>),
      },
      {
        header: 'Session',
        accessorKey: 'sessionLabel',
        cell: (c) => <span className="wrap">{c.getValue<string>()}</span>,
      },
      {
        header: 'Max leverage',
        accessorKey: 'maxLeverage',
        meta: { align: 'end' },
        cell: (c) => `${c.getValue<number>()}×`,
      },
      {
        header: 'Lots',
        id: 'lots',
        meta: { align: 'end' },
        cell: ({ row }) => (
          <span className="two-line">
            {`${formatDecimal(row.original.minLots, 0)} – ${formatDecimal(row.original.maxLots, 0)}`}
            <small>step {formatDecimal(row.original.lotStep, 0)}</small>
          </span>
        ),
      },
      {
        header: 'Spread',
        accessorKey: 'spreadRate',
        meta: { align: 'end' },
        cell: (c) => formatPercent(c.getValue<string>()),
      },
      {
        header: 'Fee',
        accessorKey: 'feeRate',
        meta: { align: 'end' },
        cell: (c) => formatPercent(c.getValue<string>()),
      },
      {
        header: '',
        id: 'edit',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Edit ${row.original.code}`}
            onClick={(e) => {
              e.stopPropagation();
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

  const term = filter.trim().toUpperCase();
  const classes = [...new Set(q.data?.map((i) => i.assetClass) ?? [])];
  const rows = q.data?.filter(
    (i) =>
      (!assetClass || i.assetClass === assetClass) &&
      (!term || i.code.includes(term) || i.name.toUpperCase().includes(term)),
  );

  return (
    <>
      <PageHeader
        title="Instruments"
        sub="Terms customers trade on. Changes apply to new orders at once, on every server process, and are written to the audit log."
      />
      <div className="toolbar">
        <input
          className="toolbar__search"
          type="search"
          aria-label="Filter instruments"
          placeholder="Filter by code or name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <select aria-label="Asset class" value={assetClass} onChange={(e) => setAssetClass(e.target.value)}>
          <option value="">All classes</option>
          {classes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {saved ? <Notice tone="ok">{saved}</Notice> : null}
      <DataTable
        label="Instruments"
        columns={columns}
        data={rows}
        loading={q.isFetching}
        error={q.error}
        rowKey={(r) => r.id}
      />
      {editing ? (
        <InstrumentDialog
          instrument={editing}
          onClose={() => setEditing(null)}
          onSaved={(i) => {
            setEditing(null);
            setSaved(`${i.code} saved.`);
          }}
        />
      ) : null}
    </>
  );
}
