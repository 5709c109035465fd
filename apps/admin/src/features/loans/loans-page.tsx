/** Loans: the review queue. Waiting applications first; a row opens the terms, the agreement and the decision. */
import { LOAN_STATUSES, type LoanStatus } from '@openbourse/contracts/loan.ts';
import type { ColumnDef } from '@/shared/data-table';
import { ReviewQueue } from '@/shared/review-queue';
import { formatDecimal, formatTime } from '@/shared/format';
import { LoanDialog } from './loan-dialog';
import { KycBadge, LoanStatusBadge } from './loan-status';
import { type Loan, getLoans, loansKey, replaceLoan } from './loans-api';
import './loans.css';

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
  return (
    <ReviewQueue<Loan, LoanStatus>
      title="Loans"
      sub="Applications with their signed agreement. Waiting ones first, oldest first; approval pays the principal into the user's real account."
      label="Loans"
      states={LOAN_STATUSES}
      filters={FILTERS}
      columns={COLUMNS}
      queryKey={loansKey}
      fetchPage={getLoans}
      empty={{ waiting: 'No loan application is waiting for review', other: 'No loans' }}
      replace={replaceLoan}
      dialog={({ row, onClose, onDecided }) => <LoanDialog loan={row} onClose={onClose} onDecided={onDecided} />}
    />
  );
}
