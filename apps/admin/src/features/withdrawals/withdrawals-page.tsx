/** Withdrawals: the review queue. Waiting ones first; a row opens the target, the amounts, the user's balances and the decision. */
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@openbourse/contracts/funding.ts';
import type { ColumnDef } from '@/shared/data-table';
import { ReviewQueue, reviewerColumn } from '@/shared/review-queue';
import { formatDecimal, formatTime } from '@/shared/format';
import { WithdrawalDialog } from './withdrawal-dialog';
import { WithdrawalStatusBadge } from './withdrawal-status';
import { Copyable, TargetCell } from './withdrawal-target';
import { getWithdrawals, replaceWithdrawal, type Withdrawal, withdrawalsKey } from './withdrawals-api';

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
  reviewerColumn<Withdrawal>(),
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
  return (
    <ReviewQueue<Withdrawal, WithdrawalStatus>
      title="Withdrawals"
      sub="Payouts users asked for, their amount and fee held from the real account. Waiting ones first, oldest first: pay them out, then mark them paid with the payout's reference, or reject them to release the hold."
      label="Withdrawals"
      states={WITHDRAWAL_STATUSES}
      filters={FILTERS}
      columns={COLUMNS}
      queryKey={withdrawalsKey}
      fetchPage={getWithdrawals}
      empty={{ waiting: 'No withdrawal is waiting for review', other: 'No withdrawals' }}
      replace={replaceWithdrawal}
      dialog={({ row, onClose, onDecided }) => (
        <WithdrawalDialog withdrawal={row} onClose={onClose} onDecided={onDecided} />
      )}
    />
  );
}
