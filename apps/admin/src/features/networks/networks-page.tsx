/** Networks: the coins and networks the platform receives on, with their addresses, minimums, fees and limits. */
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '@/shared/api';
import { Notice, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatPercent } from '@/shared/format';
import { isBank, type Network, NetworkDialog } from './network-dialog';

const amount = (n: Network, k: 'minDeposit' | 'minWithdraw' | 'dailyWithdrawLimit') =>
  `${formatDecimal(n[k], 0)} ${n.currency}`;

export function NetworksPage() {
  const [editing, setEditing] = useState<Network | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['networks'],
    queryFn: async () => (await api.get<{ list: Network[] }>('networks')).result,
  });

  const columns = useMemo<ColumnDef<Network>[]>(
    () => [
      {
        header: 'Coin',
        id: 'coin',
        cell: ({ row }) => (
          <span className="two-line">
            <strong>{row.original.currency}</strong>
            <small>{row.original.network}</small>
          </span>
        ),
      },
      {
        header: 'Enabled',
        accessorKey: 'enabled',
        cell: (c) => (c.getValue() ? <Badge tone="accent">Enabled</Badge> : <Badge tone="down">Disabled</Badge>),
      },
      {
        header: 'Receiving address',
        accessorKey: 'address',
        cell: (c) => {
          const address = c.getValue<string | null>();
          if (isBank(c.row.original)) return <span className="muted">Bank payouts: no address</span>;
          return address ? (
            <code className="wrap-text" data-testid={`network-address-${c.row.original.id}`}>
              {address}
            </code>
          ) : (
            <Badge tone="warn">None: deposits refused</Badge>
          );
        },
      },
      {
        header: 'Min deposit',
        id: 'minDeposit',
        meta: { align: 'end' },
        cell: ({ row }) => amount(row.original, 'minDeposit'),
      },
      {
        header: 'Withdrawal fee',
        accessorKey: 'withdrawFeeRate',
        meta: { align: 'end' },
        cell: (c) => (
          <span className="two-line">
            {formatPercent(c.getValue<string>())}
            <small>{c.getValue<string>()}</small>
          </span>
        ),
      },
      {
        header: 'Min withdrawal',
        id: 'minWithdraw',
        meta: { align: 'end' },
        cell: ({ row }) => amount(row.original, 'minWithdraw'),
      },
      {
        header: 'Daily limit',
        id: 'dailyWithdrawLimit',
        meta: { align: 'end' },
        cell: ({ row }) => amount(row.original, 'dailyWithdrawLimit'),
      },
      {
        header: '',
        id: 'edit',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Edit ${row.original.currency} ${row.original.network}`}
            onClick={() => {
              setSaved(null);
              setEditing(row.original);
            }}
          >
            Edit
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Networks"
        sub="Where users send deposits, and the terms of withdrawals. A network without a receiving address refuses deposits. Every edit is written to the audit log."
      />
      {saved ? <Notice tone="ok">{saved}</Notice> : null}
      <DataTable
        label="Networks"
        columns={columns}
        data={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        empty="No networks"
        rowKey={(r) => r.id}
      />
      {editing ? (
        <NetworkDialog
          network={editing}
          onClose={() => setEditing(null)}
          onSaved={(n) => {
            setEditing(null);
            setSaved(`${n.currency} on ${n.network} saved.`);
          }}
        />
      ) : null}
    </>
  );
}
