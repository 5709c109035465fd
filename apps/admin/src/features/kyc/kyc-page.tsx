/** KYC: the identity verification queue. Waiting ones first; a row opens the photos and the decision. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatTime } from '@/shared/format';
import { getKycPage, KYC_STATES, type KycApplication, type KycState, kycKey, replaceKyc } from './kyc-api';
import { KycDialog } from './kyc-dialog';
import { countryName, DOCUMENTS, KycStatusBadge } from './kyc-labels';
import './kyc.css';

const SIZE = 25;

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

export function KycPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter = params.get('status') ?? 'pending';
  const status = (KYC_STATES as readonly string[]).includes(filter) ? (filter as KycState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<KycApplication | null>(null);

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
    queryKey: kycKey(status, page, SIZE),
    queryFn: () => getKycPage(status, page, SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="KYC"
        sub="Identity verification requests with their document photos. Waiting ones first, oldest first; users are promised a decision within 48 hours."
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
        label="KYC applications"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={status === 'pending' ? 'No application is waiting for review' : 'No applications'}
        rowKey={(r) => r.id}
        onRowClick={setSelected}
        footer={
          list.data ? (
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => set({ page: String(p) })} />
          ) : null
        }
      />
      {selected ? (
        <KycDialog
          key={selected.id}
          application={selected}
          onClose={() => setSelected(null)}
          onDecided={(d) => {
            replaceKyc(queryClient, d);
            setSelected(d);
          }}
        />
      ) : null}
    </>
  );
}
