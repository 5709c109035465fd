/**
 * The dashboard's card: the latest proof of liabilities' totals per currency against the reserves
 * operators recorded, with the coverage (reserves / liabilities, exact to 4 decimals, rounded down)
 * marked when under 100 %.
 */
import type { CoverageLine } from '@openbourse/contracts/liabilities.ts';
import { Badge } from '@openbourse/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, ErrorNote } from '@/shared/components';
import { formatDecimal, formatPercent, formatTime } from '@/shared/format';
import { coverageKey, getCoverage } from './reserves-api';

function CoverageCell({ line }: { line: CoverageLine }) {
  if (line.coverage === null) return <span className="muted">nothing owed</span>;
  return (
    <span className={line.under ? 'is-down' : 'is-up'} data-testid={`coverage-${line.currency}`}>
      {formatPercent(line.coverage)} {line.under ? <Badge tone="down">Under 100 %</Badge> : null}
    </span>
  );
}

export function CoverageCard() {
  const q = useQuery({ queryKey: coverageKey, queryFn: getCoverage, refetchInterval: 60_000 });
  const d = q.data;
  const under = d?.lines.filter((l) => l.under).length ?? 0;
  return (
    <Card title="Liabilities and reserves">
      <ErrorNote error={q.error} />
      {d ? (
        <>
          <p className="muted">
            {d.snapshot
              ? `Proof of liabilities of ${d.snapshot.day} (${d.snapshot.leafCount} accounts, read ${formatTime(d.snapshot.takenAt)}), root ${d.snapshot.rootHash.slice(0, 16)}…`
              : 'No proof of liabilities published yet: the daily job takes the first at the next UTC day.'}{' '}
            Reserves as recorded in <Link to="/reserves">Reserves</Link>.
          </p>
          {under > 0 ? (
            <p className="is-down" role="alert" data-testid="coverage-under">
              {under === 1 ? 'One currency is' : `${under} currencies are`} covered below 100 %.
            </p>
          ) : null}
          <table
            className="data-table data-table--plain"
            aria-label="Liabilities and reserves"
            data-testid="coverage-table"
          >
            <thead>
              <tr>
                <th>Currency</th>
                <th className="num">Owed to users</th>
                <th className="num">Reserves</th>
                <th className="num">Coverage</th>
                <th>Attested</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.length === 0 ? (
                <tr>
                  <td colSpan={5} className="muted">
                    Nothing owed and no reserves recorded
                  </td>
                </tr>
              ) : null}
              {d.lines.map((l) => (
                <tr key={l.currency}>
                  <td>{l.currency}</td>
                  <td className="num">{formatDecimal(l.liabilities, 0)}</td>
                  <td className="num">{formatDecimal(l.reserves, 0)}</td>
                  <td className="num">
                    <CoverageCell line={l} />
                  </td>
                  <td>{l.attestedOn ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Card>
  );
}
