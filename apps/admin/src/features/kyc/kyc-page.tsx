/** KYC: the identity verification queue. Waiting ones first; a row opens the photos and the decision. */
import type { ColumnDef } from '@/shared/data-table';
import { ReviewQueue, reviewerColumn } from '@/shared/review-queue';
import { formatTime } from '@/shared/format';
import { getKycPage, KYC_STATES, type KycApplication, type KycState, kycKey, replaceKyc } from './kyc-api';
import { KycDialog } from './kyc-dialog';
import { countryName, DOCUMENTS, KycStatusBadge } from './kyc-labels';
import './kyc.css';

const FILTERS: { value: string; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'failed', label: 'Failed' },
  { value: 'all', label: 'All' },
];

const COLUMNS: ColumnDef<KycApplication>[] = [
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
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => `${row.original.firstName} ${row.original.lastName}`,
  },
  {
    id: 'document',
    header: 'Document',
    cell: ({ row }) => (
      <span className="two-line">
        {DOCUMENTS[row.original.documentType]}
        <small>{countryName(row.original.country)}</small>
      </span>
    ),
  },
  { id: 'submittedAt', header: 'Submitted', cell: ({ row }) => formatTime(row.original.submittedAt) },
  { id: 'status', header: 'Status', cell: ({ row }) => <KycStatusBadge status={row.original.status} /> },
  reviewerColumn<KycApplication>(),
];

export function KycPage() {
  return (
    <ReviewQueue<KycApplication, KycState>
      title="KYC"
      sub="Identity verification requests with their document photos. Waiting ones first, oldest first; users are promised a decision within 48 hours."
      label="KYC applications"
      states={KYC_STATES}
      filters={FILTERS}
      columns={COLUMNS}
      queryKey={kycKey}
      fetchPage={getKycPage}
      empty={{ waiting: 'No application is waiting for review', other: 'No applications' }}
      replace={replaceKyc}
      dialog={({ row, onClose, onDecided }) => <KycDialog application={row} onClose={onClose} onDecided={onDecided} />}
    />
  );
}
