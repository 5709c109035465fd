import type { LoanRecord, LoanStatus } from '@openbourse/contracts/loan.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';
import { DAY_MS } from '@openbourse/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconDocument } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { openAgreement } from '../api/agreement';
import { useLoanRecords } from '../api/loans';
import { useRate } from './calculator';
import { RepayDialog } from './repay-dialog';

const TONES: Record<LoanStatus, BadgeTone> = {
  pending: 'warn',
  rejected: 'down',
  repaying: 'info',
  repaid: 'accent',
  expired: 'down',
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The loan's days in words: free until when, then how much a day until maturity (and after, overdue). */
function Schedule({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const daily = format.money(loan.dailyInterest, loan.currency);
  const lines: string[] = [];
  const paidDays = Math.max(0, loan.termDays - loan.freeDays);
  if (loan.drawnAt === null) {
    if (loan.freeDays > 0)
      lines.push(t('loan.schedule.plannedFree', { days: format.integer(Math.min(loan.freeDays, loan.termDays)) }));
    if (paidDays > 0)
      lines.push(t('loan.schedule.plannedDaily', { amount: daily, day: format.integer(loan.termDays) }));
  } else {
    const due = loan.dueAt ?? loan.drawnAt + loan.termDays * DAY_MS;
    if (loan.freeDays > 0) {
      const freeUntil = loan.drawnAt + Math.min(loan.freeDays, loan.termDays) * DAY_MS;
      lines.push(
        t('loan.schedule.freeUntil', {
          date: format.dateTime(iso(freeUntil)),
          day: format.integer(Math.min(loan.freeDays, loan.termDays)),
        }),
      );
    }
    if (paidDays > 0) lines.push(t('loan.schedule.dailyUntil', { amount: daily, date: format.dateTime(iso(due)) }));
    if (loan.status === 'expired')
      lines.push(t('loan.schedule.overdue', { amount: daily, date: format.dateTime(iso(due)) }));
  }
  if (lines.length === 0) lines.push(t('loan.schedule.allFree'));
  return (
    <ul className="loan-schedule" data-testid="loan-row-schedule">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function LoanCard({ loan, onRepay }: { loan: LoanRecord; onRepay(loan: LoanRecord): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rate = useRate();
  const [opening, setOpening] = useState(false);
  const money = (v: string) => format.money(v, loan.currency);
  const when = (ms: number | null) => (ms === null ? '—' : format.dateTime(iso(ms)));
  const active = loan.status === 'repaying' || loan.status === 'expired';
  const rows: [string, string, string][] = [
    ['principal', t('loan.record.principal'), money(loan.principal)],
    ['term', t('loan.columns.term'), t('loan.days', { days: format.integer(loan.termDays) })],
    ['rate', t('loan.columns.rate'), rate(loan.dailyRate)],
    ['applied', t('loan.record.applied'), when(loan.appliedAt)],
    ['drawn', t('loan.record.drawn'), when(loan.drawnAt)],
    ['due', t('loan.record.due'), when(loan.dueAt)],
    ['totalRepayment', t('loan.calc.totalRepayment'), money(loan.totalRepayment)],
  ];
  // Interest runs from the payout: before it (applying, rejected) there is none to show.
  if (loan.drawnAt !== null) rows.splice(6, 0, ['accrued', t('loan.record.accrued'), money(loan.interestAccrued)]);
  if (active) rows.push(['owed', t('loan.record.owed'), money(loan.owed)]);
  if (loan.status === 'repaid') {
    rows.push(['repaid', t('loan.record.repaid'), when(loan.repaidAt)]);
    if (loan.repaidAmount) rows.push(['repaidAmount', t('loan.record.repaidAmount'), money(loan.repaidAmount)]);
  }

  const agreement = async () => {
    setOpening(true);
    try {
      await openAgreement(loan.id);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  return (
    <li
      className={`loan-card loan-card--${loan.status}`}
      data-testid="loan-row"
      data-status={loan.status}
      data-id={loan.id}
    >
      <div className="loan-card__head">
        <span className="loan-card__name">{loan.productName}</span>
        <Badge tone={TONES[loan.status]} testId="loan-row-status">
          {t(`loan.status.${loan.status}`)}
        </Badge>
        <span className="loan-card__id" dir="ltr">
          #{loan.id}
        </span>
      </div>
      {loan.status === 'rejected' && loan.reason ? (
        <p className="loan-card__reason" data-testid="loan-row-reason">
          {t('loan.record.reason', { reason: loan.reason })}
        </p>
      ) : null}
      <dl className="loan-card__grid">
        {rows.map(([key, label, value]) => (
          <div key={key} className={`loan-card__cell loan-card__cell--${key}`}>
            <dt>{label}</dt>
            <dd data-testid={`loan-row-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <Schedule loan={loan} />
      <div className="loan-card__actions">
        {loan.signed ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void agreement()}
            loading={opening}
            icon={<IconDocument />}
            data-testid="loan-row-agreement"
          >
            {t('loan.record.agreement')}
          </Button>
        ) : null}
        {active ? (
          <Button size="sm" onClick={() => onRepay(loan)} data-testid="loan-row-repay">
            {t('loan.record.repay')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The user's loans with their state, figures, schedule, agreement and the repay button. */
export function LoanList() {
  const { t } = useTranslation();
  const query = useLoanRecords();
  const [repaying, setRepaying] = useState<LoanRecord | null>(null);
  if (query.error && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <SkeletonRows rows={3} />;
  if (query.rows.length === 0) return <EmptyState icon={<IconDocument />} title={t('loan.myLoansEmpty')} />;
  return (
    <>
      <ul className="loan-list" data-testid="loan-list">
        {query.rows.map((loan) => (
          <LoanCard key={loan.id} loan={loan} onRepay={setRepaying} />
        ))}
      </ul>
      <LoadMore query={query} testId="loan-more" />
      <RepayDialog loan={repaying} onClose={() => setRepaying(null)} />
    </>
  );
}
