/**
 * Option series: the platform's options account per book and currency (premiums in, payouts out)
 * with what the open orders could still cost it, and the series users may buy, each with its live
 * volatility, open orders and exposure. Owners open a row to edit it; series are unlisted, never deleted.
 */
import { Badge, Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { useCan } from '@/shared/session';
import {
  formatPeriod,
  getOptionSeries,
  type OptionSeries,
  type OptionsAccount,
  optionSeriesKey,
} from './option-series-api';
import { OptionSeriesDialog } from './option-series-dialog';

const ACCOUNTS: ColumnDef<OptionsAccount>[] = [
  {
    id: 'mode',
    header: 'Book',
    cell: ({ row }) =>
      row.original.mode === 'real' ? <Badge tone="accent">Real</Badge> : <Badge tone="neutral">Demo</Badge>,
  },
  { id: 'currency', header: 'Currency', cell: ({ row }) => <strong>{row.original.currency}</strong> },
  { id: 'balance', header: 'Balance', meta: { align: 'end' }, cell: ({ row }) => formatDecimal(row.original.balance) },
  {
    id: 'exposure',
    header: 'Exposure',
    meta: { align: 'end' },
    cell: ({ row }) => formatDecimal(row.original.exposure),
  },
  { id: 'open', header: 'Open orders', meta: { align: 'end' }, cell: ({ row }) => row.original.open },
];

const SERIES: ColumnDef<OptionSeries>[] = [
  {
    id: 'code',
    header: 'Instrument',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.code}</strong>
        <small>
          Series {row.original.id} · {row.original.name}
        </small>
      </span>
    ),
  },
  { id: 'currency', header: 'Currency', cell: ({ row }) => row.original.currency },
  { id: 'periods', header: 'Periods', cell: ({ row }) => row.original.periods.map(formatPeriod).join(' / ') },
  {
    id: 'stake',
    header: 'Stake',
    cell: ({ row }) =>
      `${formatDecimal(row.original.minAmount, 0)} – ${formatDecimal(row.original.maxAmount, 0)} ${row.original.currency}`,
  },
  { id: 'spread', header: 'Spread', meta: { align: 'end' }, cell: ({ row }) => `${row.original.spreadBps} bps` },
  { id: 'cap', header: 'Cap', meta: { align: 'end' }, cell: ({ row }) => formatPercent(row.original.capMove) },
  {
    id: 'volatility',
    header: 'Volatility',
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.volatility === null ? (
        <span className="muted" title="Not enough recorded candles in the last 24 hours">
          not yet
        </span>
      ) : (
        `${formatPercent(row.original.volatility)} / yr`
      ),
  },
  {
    id: 'tradable',
    header: 'Market',
    cell: ({ row }) => (row.original.tradable ? <Badge tone="info">Open</Badge> : <Badge tone="neutral">Closed</Badge>),
  },
  {
    id: 'enabled',
    header: 'State',
    cell: ({ row }) => (row.original.enabled ? <Badge tone="accent">Listed</Badge> : <Badge tone="neutral">Off</Badge>),
  },
  { id: 'open', header: 'Open orders', meta: { align: 'end' }, cell: ({ row }) => row.original.open },
  {
    id: 'exposure',
    header: 'Exposure',
    meta: { align: 'end' },
    cell: ({ row }) => `${formatDecimal(row.original.exposure)} ${row.original.currency}`,
  },
];

export function OptionSeriesPage() {
  const queryClient = useQueryClient();
  const canEdit = useCan('params.edit');
  const q = useQuery({ queryKey: optionSeriesKey, queryFn: getOptionSeries, refetchInterval: 30_000 });
  const [editing, setEditing] = useState<OptionSeries | 'new' | null>(null);
  // The real book first: its exposure is the platform's money.
  const accounts = q.data?.accounts
    .slice()
    .sort((a, b) => (a.mode === b.mode ? a.currency.localeCompare(b.currency) : a.mode === 'real' ? -1 : 1));

  return (
    <>
      <PageHeader
        title="Option series"
        sub="Cash-settled calls and puts struck at the money: the premium is the Black–Scholes value of the capped option on the instrument’s volatility plus the spread; the payout per unit stops growing at the cap. Exposure is what the open orders would pay if every one expired at its cap."
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
              Refresh
            </Button>
            {canEdit ? <Button onClick={() => setEditing('new')}>New series</Button> : null}
          </>
        }
      />
      <Card title="Options account">
        <p className="muted">
          Premiums in, payouts out, per book and currency, with what the open orders could still pay.
        </p>
        <DataTable
          label="Options account"
          columns={ACCOUNTS}
          data={accounts}
          loading={q.isFetching}
          error={q.error}
          empty="No option has been bought yet"
          rowKey={(r) => `${r.mode}-${r.currency}`}
        />
      </Card>
      <DataTable
        label="Option series"
        columns={SERIES}
        data={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        empty="No option series"
        rowKey={(r) => r.id}
        onRowClick={canEdit ? setEditing : undefined}
      />
      {editing ? (
        <OptionSeriesDialog
          key={editing === 'new' ? 'new' : editing.id}
          series={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(s) => {
            queryClient.setQueryData<{ list: OptionSeries[]; accounts: OptionsAccount[] }>(optionSeriesKey, (data) =>
              data
                ? {
                    ...data,
                    list: data.list.some((x) => x.id === s.id)
                      ? data.list.map((x) => (x.id === s.id ? s : x))
                      : [...data.list, s],
                  }
                : data,
            );
            queryClient.invalidateQueries({ queryKey: optionSeriesKey, refetchType: 'none' });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
