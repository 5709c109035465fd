/** Deposits: the review queue. Waiting ones first; a row opens the proof and the decision. */
import { DEPOSIT_STATUSES, type DepositStatus } from '@openbourse/contracts/funding.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/shared/components';
import { CopyButton } from '@/shared/copy-button';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { DepositDialog } from './deposit-dialog';
import { DepositStatusBadge } from './deposit-status';
import { type Deposit, depositsKey, getDeposits, replaceDeposit } from './deposits-api';

const SIZE = 25;

const FILTERS: { value: string; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** "0x3f5a…c9e1": enough of both ends to match it against an explorer by eye. */
const shortHash = (h: string) => (h.length > 16 ? `${h.slice(0, 8)}…${h.slice(-6)}` : h);

const COLUMNS: ColumnDef<Deposit>[] = [
  {
    id: 'user',
    header: 'User',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.user.username}</strong>
        <small>ID {row.original.user.id}</small>
      </span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    meta: { align: 'end' },
    cell: ({ row }) => (
      <span className="two-line">
        <strong>
          {formatDecimal(row.original.amount)} {row.original.currency}
        </strong>
        <small>{row.original.network}</small>
      </span>
    ),
  },
  {
    id: 'txHash',
    header: 'Transaction hash',
    cell: ({ row }) => (
      <span className="copyable">
        <code title={row.original.txHash}>{shortHash(row.original.txHash)}</code>
        <CopyButton value={row.original.txHash} label={`Copy the transaction hash of deposit ${row.original.id}`} />
      </span>
    ),
  },
  { id: 'last6', header: 'Last 6', cell: ({ row }) => <code>{row.original.last6}</code> },
  { id: 'createdAt', header: 'Submitted', cell: ({ row }) => formatTime(row.original.createdAt) },
  { id: 'status', header: 'Status', cell: ({ row }) => <DepositStatusBadge status={row.original.status} /> },
  {
    id: 'reviewer',
    header: 'Reviewer',
    cell: ({ row }) =>
      row.original.decidedBy ? (
        <span className="two-line">
          {row.original.decidedBy}
          <small>{formatTime(row.original.decidedAt)}</small>
        </span>
      ) : (
        '—'
      ),
  },
];

export function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter = params.get('status') ?? 'pending';
  const status = (DEPOSIT_STATUSES as readonly string[]).includes(filter) ? (filter as DepositStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<Deposit | null>(null);

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const list = useQuery({
    queryKey: depositsKey(status, page, SIZE),
    queryFn: () => getDeposits(status, page, SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Deposits"
        sub="Transfers users declared, with their proof. Waiting ones first, oldest first; approval credits the user's real account."
      />
      <div className="toolbar">
        <select
          aria-label="Status"
          value={status ?? 'all'}
          onChange={(e) => set({ status: e.target.value === 'pending' ? null : e.target.value, page: null })}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label="Deposits"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? 'No deposit is waiting for review' : 'No deposits'}
        rowKey={(r) => r.id}
        onRowClick={setSelected}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
      {selected ? (
        <DepositDialog
          key={selected.id}
          deposit={selected}
          onClose={() => setSelected(null)}
          onDecided={(d) => {
            replaceDeposit(queryClient, d);
            setSelected(d);
          }}
        />
      ) : null}
    </>
  );
}
