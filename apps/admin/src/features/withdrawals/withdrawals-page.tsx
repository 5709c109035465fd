/** Withdrawals: the review queue. Waiting ones first; a row opens the target, the amounts, the user's balances and the decision. */
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@openbourse/contracts/funding.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { WithdrawalDialog } from './withdrawal-dialog';
import { WithdrawalStatusBadge } from './withdrawal-status';
import { Copyable, TargetCell } from './withdrawal-target';
import { getWithdrawals, replaceWithdrawal, type Withdrawal, withdrawalsKey } from './withdrawals-api';

const SIZE = 25;

const FILTERS: { value: string; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'success', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** "26 Nov 2026" over "12:38:55 UTC": the queue keeps its columns narrow. */
function When({ at }: { at: number }) {
  const [date, time] = formatTime(at).split(', ');
  return (
    <span className="two-line">
      {date}
      <small>{time}</small>
    </span>
  );
}

const COLUMNS: ColumnDef<Withdrawal>[] = [
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
        <small>fee {formatDecimal(row.original.fee)}</small>
      </span>
    ),
  },
  {
    id: 'method',
    header: 'Method',
    cell: ({ row }) => (
      <span className="two-line">
        {row.original.method === 'bank' ? 'Bank' : 'Crypto'}
        <small>{row.original.method === 'bank' ? 'transfer' : row.original.network}</small>
      </span>
    ),
  },
  { id: 'target', header: 'To', cell: ({ row }) => <TargetCell w={row.original} /> },
  { id: 'createdAt', header: 'Submitted', cell: ({ row }) => <When at={row.original.createdAt} /> },
  { id: 'status', header: 'Status', cell: ({ row }) => <WithdrawalStatusBadge status={row.original.status} /> },
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
  {
    id: 'outcome',
    header: 'Payout ref. or reason',
    cell: ({ row }) => {
      const w = row.original;
      if (w.payoutRef) {
        return <Copyable value={w.payoutRef} label={`Copy the payout reference of withdrawal ${w.id}`} short />;
      }
      return w.reason ? (
        <span className="clamp-2" title={w.reason}>
          {w.reason}
        </span>
      ) : (
        '—'
      );
    },
  },
];

export function WithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter = params.get('status') ?? 'pending';
  const status = (WITHDRAWAL_STATUSES as readonly string[]).includes(filter) ? (filter as WithdrawalStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<Withdrawal | null>(null);

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
    queryKey: withdrawalsKey(status, page, SIZE),
    queryFn: () => getWithdrawals(status, page, SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Withdrawals"
        sub="Payouts users asked for, their amount and fee held from the real account. Waiting ones first, oldest first: pay them out, then mark them paid with the payout's reference, or reject them to release the hold."
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
        label="Withdrawals"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? 'No withdrawal is waiting for review' : 'No withdrawals'}
        rowKey={(r) => r.id}
        onRowClick={setSelected}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
      {selected ? (
        <WithdrawalDialog
          key={selected.id}
          withdrawal={selected}
          onClose={() => setSelected(null)}
          onDecided={(w) => {
            replaceWithdrawal(queryClient, w);
            setSelected(w);
          }}
        />
      ) : null}
    </>
  );
}
