/** Deposits: the review queue. Waiting ones first; a row opens the proof and the decision. */
import { DEPOSIT_STATUSES, type DepositStatus } from '@openbourse/contracts/funding.ts';
import { CopyButton } from '@/shared/copy-button';
import type { ColumnDef } from '@/shared/data-table';
import { ReviewQueue, reviewerColumn } from '@/shared/review-queue';
import { formatDecimal, formatTime } from '@/shared/format';
import { DepositDialog } from './deposit-dialog';
import { DepositStatusBadge } from './deposit-status';
import { type Deposit, depositsKey, getDeposits, replaceDeposit } from './deposits-api';

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
  reviewerColumn<Deposit>(),
];

export function DepositsPage() {
  return (
    <ReviewQueue<Deposit, DepositStatus>
      title="Deposits"
      sub="Transfers users declared, with their proof. Waiting ones first, oldest first; approval credits the user's real account."
      label="Deposits"
      states={DEPOSIT_STATUSES}
      filters={FILTERS}
      columns={COLUMNS}
      queryKey={depositsKey}
      fetchPage={getDeposits}
      empty={{ waiting: 'No deposit is waiting for review', other: 'No deposits' }}
      replace={replaceDeposit}
      dialog={({ row, onClose, onDecided }) => <DepositDialog deposit={row} onClose={onClose} onDecided={onDecided} />}
    />
  );
}
