/**
 * Charities that NFT sales donate to (owners only: they receive the money): each with what it has
 * received, what of that is still held for it on the charity ledger account, and its items. A row
 * opens its editor; charities are switched off, never deleted.
 */
import { Badge, Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { NftCharityDialog } from './nft-charity-dialog';
import { type Charity, charitiesKey, getCharities } from './nfts-api';

const COLUMNS: ColumnDef<Charity>[] = [
  {
    id: 'name',
    header: 'Charity',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.name}</strong>
        <small>
          ID {row.original.id} · {Object.keys(row.original.descriptions).length} languages
        </small>
      </span>
    ),
  },
  {
    id: 'website',
    header: 'Website',
    cell: ({ row }) => (row.original.website ? <span className="wrap">{row.original.website}</span> : '—'),
  },
  {
    id: 'enabled',
    header: 'State',
    cell: ({ row }) => (row.original.enabled ? <Badge tone="accent">Open</Badge> : <Badge tone="neutral">Off</Badge>),
  },
  { id: 'items', header: 'Items', meta: { align: 'end' }, cell: ({ row }) => row.original.items },
  {
    id: 'donated',
    header: 'Donated',
    meta: { align: 'end' },
    cell: ({ row }) => `${formatDecimal(row.original.donated)} ${row.original.currency}`,
  },
  {
    id: 'balance',
    header: 'Not paid out',
    meta: { align: 'end' },
    cell: ({ row }) => `${formatDecimal(row.original.balance)} ${row.original.currency}`,
  },
];

export function NftCharitiesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: charitiesKey, queryFn: getCharities });
  const [editing, setEditing] = useState<Charity | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title="Charities"
        sub={
          <>
            Who the <Link to="/nft-items">NFT auctions</Link> donate to: a sold item’s price is posted to the charity’s
            ledger account when the auction settles. An item names its charity; it cannot change after the first bid.
          </>
        }
        actions={<Button onClick={() => setEditing('new')}>New charity</Button>}
      />
      <DataTable
        label="Charities"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty="No charities yet"
        rowKey={(r) => r.id}
        onRowClick={setEditing}
      />
      {editing ? (
        <NftCharityDialog
          key={editing === 'new' ? 'new' : editing.id}
          charity={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            queryClient.setQueryData<{ list: Charity[] }>(charitiesKey, (data) =>
              data
                ? {
                    list: data.list.some((x) => x.id === c.id)
                      ? data.list.map((x) => (x.id === c.id ? c : x))
                      : [...data.list, c],
                  }
                : data,
            );
            queryClient.invalidateQueries({ queryKey: charitiesKey, refetchType: 'none' });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
