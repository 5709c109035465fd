/**
 * NFT collections: each with its creator, chain, listed items and what its sold items have donated.
 * A row opens its editor; collections are hidden, never deleted.
 */
import { Badge, Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { NftCollectionDialog } from './nft-collection-dialog';
import { type Collection, collectionsKey, getCollections } from './nfts-api';

const COLUMNS: ColumnDef<Collection>[] = [
  {
    id: 'cover',
    header: '',
    cell: ({ row }) =>
      row.original.coverImage ? (
        <img className="nft-thumb nft-thumb--sm" src={row.original.coverImage} alt="" loading="lazy" />
      ) : (
        <span className="nft-thumb nft-thumb--sm nft-thumb--none" aria-hidden="true" />
      ),
  },
  {
    id: 'title',
    header: 'Collection',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.titles.en ?? row.original.title}</strong>
        <small>
          ID {row.original.id} · {Object.keys(row.original.titles).length} languages
        </small>
      </span>
    ),
  },
  { id: 'creator', header: 'Creator', cell: ({ row }) => row.original.creator },
  { id: 'chain', header: 'Chain', cell: ({ row }) => row.original.chain },
  {
    id: 'enabled',
    header: 'State',
    cell: ({ row }) =>
      row.original.enabled ? <Badge tone="accent">Shown</Badge> : <Badge tone="neutral">Hidden</Badge>,
  },
  { id: 'items', header: 'Items', meta: { align: 'end' }, cell: ({ row }) => row.original.items },
  {
    id: 'donated',
    header: 'Donated',
    meta: { align: 'end' },
    cell: ({ row }) => `${formatDecimal(row.original.donated)} ${row.original.currency}`,
  },
];

export function NftCollectionsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: collectionsKey, queryFn: getCollections });
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title="NFT collections"
        sub={
          <>
            Groups of <Link to="/nft-items">NFT items</Link> on /nfts, each with its creator and story. A hidden
            collection is not shown to users, nor are its items.
          </>
        }
        actions={<Button onClick={() => setEditing('new')}>New collection</Button>}
      />
      <DataTable
        label="NFT collections"
        columns={COLUMNS}
        data={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty="No collections yet"
        rowKey={(r) => r.id}
        onRowClick={setEditing}
      />
      {editing ? (
        <NftCollectionDialog
          key={editing === 'new' ? 'new' : editing.id}
          collection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            queryClient.setQueryData<{ list: Collection[] }>(collectionsKey, (data) =>
              data
                ? {
                    list: data.list.some((x) => x.id === c.id)
                      ? data.list.map((x) => (x.id === c.id ? c : x))
                      : [...data.list, c],
                  }
                : data,
            );
            queryClient.invalidateQueries({ queryKey: collectionsKey, refetchType: 'none' });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
