/** Loans: the review queue. Waiting applications first; a row opens the terms, the agreement and the decision. */
import { LOAN_STATUSES, type LoanStatus } from '@openbourse/contracts/loan.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { LoanDialog } from './loan-dialog';
import { KycBadge, LoanStatusBadge } from './loan-status';
import { type Loan, getLoans, loansKey, replaceLoan } from './loans-api';
import './loans.css';

const SIZE = 25;

const FILTERS: { value: string; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'repaying', label: 'Repaying' },
  { value: 'expired', label: 'Overdue' },
  { value: 'repaid', label: 'Repaid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const COLUMNS: ColumnDef<Loan>[] = [
  {
    id: 'user',
    header: 'User',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.username}</strong>
        <small>ID {row.original.userId}</small>
      </span>
    ),
  },
  { id: 'kyc', header: 'Identity', cell: ({ row }) => <KycBadge status={row.original.kycStatus} /> },
  {
    id: 'principal',
    header: 'Principal',
    meta: { align: 'end' },
    cell: ({ row }) => (
      <span className="two-line">
        <strong>
          {formatDecimal(row.original.principal)} {row.original.currency}
        </strong>
        <small>{row.original.termDays} days</small>
      </span>
    ),
  },
  {
    id: 'owed',
    header: 'Owed',
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.status === 'repaying' || row.original.status === 'expired'
        ? `${formatDecimal(row.original.owed)} ${row.original.currency}`
        : '—',
  },
  { id: 'appliedAt', header: 'Applied', cell: ({ row }) => formatTime(row.original.appliedAt) },
  { id: 'dueAt', header: 'Due', cell: ({ row }) => (row.original.dueAt ? formatTime(row.original.dueAt) : '—') },
  { id: 'status', header: 'Status', cell: ({ row }) => <LoanStatusBadge status={row.original.status} /> },
  { id: 'reviewer', header: 'Reviewer', cell: ({ row }) => row.original.decidedBy ?? '—' },
];

export function LoansPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter = params.get('status') ?? 'pending';
  const status = (LOAN_STATUSES as readonly string[]).includes(filter) ? (filter as LoanStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<Loan | null>(null);

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
    queryKey: loansKey(status, page, SIZE),
    queryFn: () => getLoans(status, page, SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Loans"
        sub="Applications with their signed agreement. Waiting ones first, oldest first; approval pays the principal into the user's real account."
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
        label="Loans"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? 'No loan application is waiting for review' : 'No loans'}
        rowKey={(r) => r.id}
        onRowClick={setSelected}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
      {selected ? (
        <LoanDialog
          key={selected.id}
          loan={selected}
          onClose={() => setSelected(null)}
          onDecided={(l) => {
            replaceLoan(queryClient, l);
            setSelected(l);
          }}
        />
      ) : null}
    </>
  );
}
