import { SMART_STATUSES, type SmartPlan, type SmartStatus } from '@openbourse/contracts/earn.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconSparkle } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { useFormat } from '@/shared/hooks/use-format';
import { ltr } from '@/shared/lib/format';
import { useSmartPlans } from '../api/smart-plans';
import { Countdown } from './countdown';
import { ExitDialog } from './exit-dialog';
import { useDays, useShare } from './use-share';

const TONES: Record<SmartStatus, BadgeTone> = { earning: 'info', shared: 'accent', exited: 'warn' };

const iso = (ms: number) => new Date(ms).toISOString();

function PlanCard({ plan, onExit }: { plan: SmartPlan; onExit(plan: SmartPlan): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const days = useDays();
  const money = (v: string) => format.money(v, plan.currency);
  const earning = plan.status === 'earning';
  const rows: [string, string, string][] = [
    ['amount', t('trading.plan.amount'), money(plan.amount)],
    ['term', t('trading.calc.term'), days(plan.days)],
    ['dailyYield', t('trading.columns.dailyYield'), share(plan.dailyYield)],
    ['dailyIncome', t('trading.calc.dailyIncome'), money(plan.dailyIncome)],
    ['income', t('trading.plan.income'), money(plan.income)],
    [
      'paidDays',
      t('trading.plan.paidDays'),
      // Isolated left to right: "2 / 7" reads the same in Arabic, not "7 / 2".
      ltr(t('trading.plan.paidDaysValue', { paid: format.integer(plan.paidDays), days: format.integer(plan.days) })),
    ],
    ['started', t('trading.plan.started'), format.dateTime(iso(plan.startedAt))],
    ['matures', t('trading.plan.matures'), format.dateTime(iso(plan.maturesAt))],
  ];
  if (earning) rows.splice(5, 0, ['expectedToday', t('trading.plan.expectedToday'), money(plan.expectedToday)]);
  if (plan.status === 'exited') {
    rows.push(['ended', t('trading.plan.exitedAt'), plan.endedAt === null ? '—' : format.dateTime(iso(plan.endedAt))]);
    rows.push(['exitCost', t('trading.plan.penaltyKept', { share: share(plan.exitPenalty) }), money(plan.exitCost)]);
    rows.push(['exitReturn', t('trading.plan.returned'), money(plan.exitReturn)]);
  }
  if (plan.status === 'shared') rows.push(['exitReturn', t('trading.plan.returned'), money(plan.exitReturn)]);

  return (
    <li
      className={`smart-plan smart-plan--${plan.status}`}
      data-testid="smart-plan"
      data-status={plan.status}
      data-id={plan.id}
    >
      <div className="smart-plan__head">
        <span className="smart-plan__name">{plan.productName}</span>
        <Badge tone={TONES[plan.status]} testId="smart-plan-status">
          {t(`trading.status.${plan.status}`)}
        </Badge>
        <span className="smart-plan__id" dir="ltr">
          #{plan.id}
        </span>
      </div>
      <dl className="smart-plan__grid">
        {rows.map(([key, label, value]) => (
          <div key={key} className={`smart-plan__cell smart-plan__cell--${key}`}>
            <dt>{label}</dt>
            <dd data-testid={`smart-plan-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {earning ? (
        <div className="smart-plan__foot">
          {plan.nextEarningAt !== null ? (
            <p className="smart-plan__next">
              <span>{t('trading.plan.nextEarning')}</span>{' '}
              <Countdown at={plan.nextEarningAt} testId="smart-plan-countdown" />
            </p>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => onExit(plan)} data-testid="smart-plan-exit">
            {t('trading.plan.exit')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function PlanRows({ status, onExit }: { status: SmartStatus; onExit(plan: SmartPlan): void }) {
  const { t } = useTranslation();
  const query = useSmartPlans(status);
  if (query.error && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <SkeletonRows rows={2} />;
  if (query.rows.length === 0) return <EmptyState icon={<IconSparkle />} title={t(`trading.emptyPlans.${status}`)} />;
  return (
    <>
      <ul className="smart-plans" data-testid="smart-plans">
        {query.rows.map((plan) => (
          <PlanCard key={plan.id} plan={plan} onExit={onExit} />
        ))}
      </ul>
      <LoadMore query={query} testId="smart-plans-more" />
    </>
  );
}

/** The user's plans by state, with their live figures and the early exit of an earning one. */
export function PlanList() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SmartStatus>('earning');
  const [exiting, setExiting] = useState<SmartPlan | null>(null);
  return (
    <div className="smart-my-plans">
      <Tabs
        items={SMART_STATUSES.map((s) => ({ key: s, label: t(`trading.status.${s}`), testId: `smart-tab-${s}` }))}
        value={status}
        onChange={setStatus}
        label={t('trading.myPlansTitle')}
        idPrefix="smart-plans"
      />
      <div role="tabpanel" id="smart-plans-panel" aria-labelledby={`smart-plans-tab-${status}`}>
        <PlanRows status={status} onExit={setExiting} />
      </div>
      <ExitDialog plan={exiting} onClose={() => setExiting(null)} />
    </div>
  );
}
