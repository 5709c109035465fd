/**
 * The earn treasury per currency: what is free to back new plans, what is set aside for the earning
 * plans' remaining yields, what was paid today, and the principal the earning plans hold. Owners fund
 * it from the platform treasury.
 */
import { Button } from '@openbourse/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice, PageHeader } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal } from '@/shared/format';
import { useCan } from '@/shared/session';
import { getTreasury, type TreasuryRow, treasuryKey } from './earn-treasury-api';
import { FundDialog } from './fund-dialog';

const amount = (k: 'available' | 'reserved' | 'paidToday' | 'principalHeld'): ColumnDef<TreasuryRow> => ({
  id: k,
  meta: { align: 'end' },
  cell: ({ row }) => formatDecimal(row.original[k]),
});

const COLUMNS: ColumnDef<TreasuryRow>[] = [
  { id: 'currency', header: 'Currency', cell: ({ row }) => <strong>{row.original.currency}</strong> },
  { ...amount('available'), header: 'Available' },
  { ...amount('reserved'), header: 'Reserved' },
  { ...amount('paidToday'), header: 'Paid today' },
  { id: 'earningPlans', header: 'Earning plans', meta: { align: 'end' }, cell: ({ row }) => row.original.earningPlans },
  { ...amount('principalHeld'), header: 'Principal held' },
];

const isZero = (s: string) => !/[1-9]/.test(s);

export function EarnTreasuryPage() {
  const queryClient = useQueryClient();
  const canFund = useCan('params.edit');
  const q = useQuery({ queryKey: treasuryKey, queryFn: getTreasury, refetchInterval: 60_000 });
  const [funding, setFunding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const empty = (q.data?.list ?? []).filter((r) => isZero(r.available));

  return (
    <>
      <PageHeader
        title="Earn treasury"
        sub={
          <>
            Pays the {canFund ? <Link to="/smart-products">smart plans</Link> : 'smart plans'}’ daily yields. Available
            backs new plans (one is sold only if its whole yield fits); reserved is set aside for the earning plans’
            remaining yields; paid today counts from 00:00 UTC; the principal is held in the users’ locked accounts.
          </>
        }
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
              Refresh
            </Button>
            {canFund ? (
              <Button
                onClick={() => {
                  setDone(null);
                  setFunding(true);
                }}
              >
                Fund treasury
              </Button>
            ) : null}
          </>
        }
      />
      {done ? <Notice tone="ok">{done}</Notice> : null}
      {empty.length > 0 ? (
        <Notice tone="warn">
          Nothing available in {empty.map((r) => r.currency).join(', ')}: no new plan in it can be sold until the
          treasury is funded.
        </Notice>
      ) : null}
      <DataTable
        label="Earn treasury"
        columns={COLUMNS}
        data={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        empty="The earn treasury holds nothing yet"
        rowKey={(r) => r.currency}
      />
      {funding ? (
        <FundDialog
          rows={q.data?.list ?? []}
          onClose={() => setFunding(false)}
          onFunded={(input, figures) => {
            setFunding(false);
            queryClient.setQueryData(treasuryKey, figures);
            setDone(
              `${formatDecimal(input.amount)} ${input.currency} moved into the earn treasury, and written to the audit log.`,
            );
          }}
        />
      ) : null}
    </>
  );
}
