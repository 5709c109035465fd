/** The dashboard: users, today's trading, open exposure per instrument, and the ledger's trial balance. */
import type { DashboardResult, ExposureRow } from '@openbourse/contracts/admin.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Card, ErrorNote, PageHeader, Stat } from '@/shared/components';
import { type ColumnDef, DataTable } from '@/shared/data-table';
import { formatDecimal, formatTime } from '@/shared/format';
import { CoverageCard } from '@/features/reserves/coverage-card';

type Dashboard = z.infer<typeof DashboardResult>;
type Exposure = z.infer<typeof ExposureRow>;

const EXPOSURE: ColumnDef<Exposure>[] = [
  { header: 'Instrument', accessorKey: 'code', cell: (c) => <strong>{c.getValue<string>()}</strong> },
  {
    header: 'Side',
    accessorKey: 'side',
    cell: (c) => (
      <Badge tone={c.getValue() === 'buy' ? 'accent' : 'down'}>{c.getValue() === 'buy' ? 'Long' : 'Short'}</Badge>
    ),
  },
  { header: 'Positions', accessorKey: 'positions', meta: { align: 'end' } },
  { header: 'Lots', accessorKey: 'lots', meta: { align: 'end' }, cell: (c) => formatDecimal(c.getValue<string>(), 0) },
  {
    header: 'Margin',
    accessorKey: 'margin',
    meta: { align: 'end' },
    cell: (c) => formatDecimal(c.getValue<string>()),
  },
  {
    header: 'Notional',
    accessorKey: 'notional',
    meta: { align: 'end' },
    cell: (c) => formatDecimal(c.getValue<string>()),
  },
];

export function DashboardPage() {
  const q = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await api.get<Dashboard>('dashboard')).result,
    refetchInterval: 30_000,
  });
  const d = q.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        sub={d ? `As of ${formatTime(d.at)} · refreshes every 30 s` : 'Loading the figures…'}
        actions={
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => q.refetch()}>
            Refresh
          </button>
        }
      />
      <ErrorNote error={q.error} />
      {d ? (
        <>
          <div className="stats">
            <Stat
              label="Users"
              value={d.users.total.toLocaleString('en')}
              hint={`${d.users.signUps7d} new in 7 days`}
            />
            <Stat label="Sign-ups today" value={d.users.signUpsToday.toLocaleString('en')} />
            <Stat label="Active in 24 h" value={d.users.active24h.toLocaleString('en')} hint="Signed in" />
            <Stat
              label="Volume today (real)"
              value={`${formatDecimal(d.today.real.volume)} USDT`}
              hint={`${d.today.real.fills} fills`}
            />
            <Stat label="Fees today (real)" value={`${formatDecimal(d.today.real.fees)} USDT`} tone="up" />
            <Stat
              label="Trial balance"
              value={d.trialBalance.ok ? 'Balanced' : `${d.trialBalance.problems} problems`}
              tone={d.trialBalance.ok ? 'up' : 'down'}
              hint={d.trialBalance.ok ? 'Every currency sums to zero' : 'Investigate before anything else'}
            />
          </div>

          <div className="grid-2">
            <Card title="Open exposure — real accounts">
              <p className="muted">Margin and notional at entry, in USDT.</p>
              <DataTable
                label="Open exposure, real accounts"
                columns={EXPOSURE}
                data={d.exposure.real}
                rowKey={(r) => `${r.instrumentId}-${r.side}`}
                empty="No open real positions"
              />
            </Card>
            <Card title="Trial balance">
              <p className="muted">
                Every ledger account per mode and currency, summed: each total must be exactly zero, and every balance
                must agree with its journal.
              </p>
              <table className="data-table data-table--plain" aria-label="Trial balance">
                <thead>
                  <tr>
                    <th>Book</th>
                    <th>Currency</th>
                    <th className="num">Accounts</th>
                    <th className="num">Sum</th>
                  </tr>
                </thead>
                <tbody>
                  {d.trialBalance.totals.length === 0 ? (
                    <tr>
                      <td colSpan={4} className="muted">
                        No ledger accounts yet
                      </td>
                    </tr>
                  ) : null}
                  {d.trialBalance.totals.map((t) => (
                    <tr key={`${t.mode}-${t.currency}`}>
                      <td>{t.mode}</td>
                      <td>{t.currency}</td>
                      <td className="num">{t.accounts}</td>
                      <td className={`num ${/^-?0(\.0+)?$/.test(t.total) ? 'is-up' : 'is-down'}`}>{t.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </div>

          <CoverageCard />

          <div className="grid-2">
            <Card title="Open exposure — demo accounts">
              <p className="muted">Practice money: not the platform's risk, shown so demo activity is visible.</p>
              <DataTable
                label="Open exposure, demo accounts"
                columns={EXPOSURE}
                data={d.exposure.demo}
                rowKey={(r) => `${r.instrumentId}-${r.side}`}
                empty="No open demo positions"
              />
            </Card>
            <Card title="Today — demo">
              <div className="stats stats--compact">
                <Stat label="Fills" value={d.today.demo.fills.toLocaleString('en')} />
                <Stat label="Volume" value={`${formatDecimal(d.today.demo.volume)} USDT`} />
                <Stat label="Fees" value={`${formatDecimal(d.today.demo.fees)} USDT`} />
              </div>
            </Card>
          </div>
        </>
      ) : null}
    </>
  );
}
