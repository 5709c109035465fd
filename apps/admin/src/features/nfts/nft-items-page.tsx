/**
 * NFT items: each auction with its artwork, collection, charity, status, current bid, bids and
 * donation, filtered by collection and status, a page at a time. A row opens its editor (where an
 * item is withdrawn before its first bid); a new item needs a collection and a charity first.
 */
import { NFT_STATUSES, type NftStatus } from '@openbourse/contracts/nfts.ts';
import { Button } from '@openbourse/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable, Pager } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { useCan } from '@/shared/session';
import { NftItemDialog } from './nft-item-dialog';
import { STATUS_LABEL, StatusBadge } from './nft-status';
import { collectionsKey, getCollections, getItems, type Item, itemsKey } from './nfts-api';

const SIZE = 20;

const money = (value: string | null, currency: string) =>
  value === null ? '—' : `${formatDecimal(value)} ${currency}`;

const COLUMNS: ColumnDef<Item>[] = [
  {
    id: 'art',
    header: '',
    cell: ({ row }) => <img className="nft-thumb nft-thumb--sm" src={row.original.thumbnail} alt="" loading="lazy" />,
  },
  {
    id: 'title',
    header: 'Item',
    cell: ({ row }) => (
      <span className="two-line">
        <strong>{row.original.titles.en ?? row.original.title}</strong>
        <small>
          ID {row.original.id} · {row.original.collectionTitle} · {row.original.edition}/{row.original.editionSize}
        </small>
      </span>
    ),
  },
  { id: 'charity', header: 'Charity', cell: ({ row }) => row.original.charity.name },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'times',
    header: 'Auction (UTC)',
    cell: ({ row }) => (
      <span className="two-line">
        <span>{formatTime(row.original.startAt).replace(' UTC', '')}</span>
        <small>to {formatTime(row.original.endAt).replace(' UTC', '')}</small>
      </span>
    ),
  },
  {
    id: 'prices',
    header: 'Start / reserve',
    meta: { align: 'end' },
    cell: ({ row }) => (
      <span className="two-line">
        <span>{money(row.original.startPrice, row.original.currency)}</span>
        <small>
          reserve {formatDecimal(row.original.reserve)}
          {row.original.reserveMet ? ' · met' : ''}
        </small>
      </span>
    ),
  },
  {
    id: 'bid',
    header: 'Current bid',
    meta: { align: 'end' },
    cell: ({ row }) => money(row.original.currentBid, row.original.currency),
  },
  { id: 'bids', header: 'Bids', meta: { align: 'end' }, cell: ({ row }) => row.original.bids },
  {
    id: 'donated',
    header: 'Donated',
    meta: { align: 'end' },
    cell: ({ row }) => money(row.original.donated, row.original.currency),
  },
];

export function NftItemsPage() {
  const queryClient = useQueryClient();
  const [collectionId, setCollectionId] = useState('');
  const [status, setStatus] = useState<NftStatus | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const ownsCharities = useCan('params.edit');
  const collections = useQuery({ queryKey: collectionsKey, queryFn: getCollections });
  const query = {
    page,
    size: SIZE,
    ...(collectionId ? { collectionId: Number(collectionId) } : {}),
    ...(status ? { status } : {}),
  };
  const items = useQuery({
    queryKey: [...itemsKey, query],
    queryFn: () => getItems(query),
    placeholderData: keepPreviousData,
  });
  const noCollections = collections.data !== undefined && collections.data.list.length === 0;

  return (
    <>
      <PageHeader
        title="NFT items"
        sub={
          <>
            Charity auctions on /nfts. The first bid is at least the start price, each later one beats the leading bid
            by the step; a bid near the end extends it. At the end the leading bid wins if it meets the reserve, and its
            price is donated to the item’s {ownsCharities ? <Link to="/nft-charities">charity</Link> : 'charity'}.
            Prices, times and rules freeze at the first bid. Items belong to{' '}
            <Link to="/nft-collections">collections</Link>.
          </>
        }
        actions={
          <Button disabled={noCollections} onClick={() => setEditing('new')}>
            New item
          </Button>
        }
      />
      {noCollections ? <Notice>Add a collection first: every item belongs to one.</Notice> : null}
      <div className="toolbar">
        <select
          aria-label="Collection"
          value={collectionId}
          onChange={(e) => {
            setCollectionId(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All collections</option>
          {(collections.data?.list ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.titles.en ?? c.title}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as NftStatus | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {NFT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL(s)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label="NFT items"
        columns={COLUMNS}
        data={items.data?.list}
        loading={items.isFetching}
        error={items.error}
        empty="No items"
        rowKey={(r) => r.id}
        onRowClick={setEditing}
        footer={
          items.data && items.data.total > SIZE ? (
            <Pager page={page} size={SIZE} total={items.data.total} onPage={setPage} />
          ) : null
        }
      />
      {editing ? (
        <NftItemDialog
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          collections={collections.data?.list ?? []}
          defaultCollectionId={collectionId ? Number(collectionId) : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            queryClient.invalidateQueries({ queryKey: itemsKey });
            queryClient.invalidateQueries({ queryKey: collectionsKey });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
