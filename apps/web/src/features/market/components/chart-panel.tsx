import type { KPeriod, MarketInfo } from '@openbourse/contracts/market.ts';
import { Spinner } from '@openbourse/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { QueryError } from '@/shared/components/query-error';
import { useFormat } from '@/shared/hooks/use-format';
import { useKLines } from '../api/market-info';
import { ORDER_LIST_STATUS, useOrderList } from '../api/orders';
import { type PositionLine, positionLines, snapToTick } from '../lib/chart-lines';
import { INDICATORS, type Indicator } from '../lib/indicators';
import { K_PERIODS } from '../lib/periods';
import { useSaveStops } from './position-dialogs';

/** lightweight-charts is only downloaded when an instrument is opened. */
const PriceChart = lazy(() => import('./price-chart'));

const EMPTY: never[] = [];

interface Proposal {
  line: PositionLine;
  price: string;
}

/** A dragged stop-loss or take-profit line, confirmed before the order is changed. */
function MoveLineDialog({ proposal, onClose }: { proposal: Proposal; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { save, saving } = useSaveStops();
  const { line, price } = proposal;
  const { order } = line;
  const field = line.kind === 'takeProfit' ? 'takeProfit' : 'stopLoss';
  const confirm = async () => {
    const stops = { takeProfit: order.takeProfit, stopLoss: order.stopLoss, [field]: price };
    if (await save(order.id, stops)) onClose();
  };
  const show = (v: string) => format.decimal(v, { minFractionDigits: 0, maxFractionDigits: 10 });
  return (
    <Modal open onClose={onClose} title={t(`market.chart.move.${field}`)} testId="move-line-dialog">
      <p className="market-note" data-testid="move-line-text">
        {t('market.chart.move.text', { no: order.orderNo, from: show(line.price), to: show(price) })}
      </p>
      <div className="confirm__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('market.confirm.cancel')}
        </Button>
        <Button loading={saving} onClick={() => void confirm()} data-testid="move-line-confirm">
          {t('market.chart.move.confirm')}
        </Button>
      </div>
    </Modal>
  );
}

/** Period switch, indicator toggles and the chart with the user's position lines (unless `positions` is false). */
export function ChartPanel({ info, positions = true }: { info: MarketInfo; positions?: boolean }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KPeriod>('1m');
  const [indicators, setIndicators] = useState<ReadonlySet<Indicator>>(() => new Set<Indicator>(['ma']));
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const { data, error, refetch, isPending } = useKLines(info.code, period);
  const open = useOrderList(ORDER_LIST_STATUS.open);
  const orders = open.data?.list ?? EMPTY;
  // The spot view shows the feed's chart without the user's margin positions (nothing to drag there).
  const lines = useMemo(() => (positions ? positionLines(orders, info.id) : []), [positions, orders, info.id]);
  const proposed = useMemo(() => (proposal ? { key: proposal.line.key, price: proposal.price } : null), [proposal]);
  const toggle = (key: Indicator) =>
    setIndicators((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const onDragLine = (line: PositionLine, price: number) => {
    const snapped = snapToTick(price, info.tickSize, info.priceDecimals);
    if (snapped && snapped !== line.price) setProposal({ line, price: snapped });
  };
  const loading = (
    <div className="chart-box__loading" data-testid="chart">
      <Spinner />
    </div>
  );
  return (
    <div className="chart-panel">
      <div className="chart-toolbar">
        <fieldset className="period-switch" aria-label={t('market.view.period')}>
          {K_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={`period-switch__item ${p === period ? 'is-active' : ''}`}
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
              data-testid={`period-${p}`}
            >
              {t(`market.periods.${p}`)}
            </button>
          ))}
        </fieldset>
        <fieldset className="period-switch" aria-label={t('market.chart.indicators')}>
          {INDICATORS.map((key) => (
            <button
              key={key}
              type="button"
              className={`period-switch__item ${indicators.has(key) ? 'is-active' : ''}`}
              aria-pressed={indicators.has(key)}
              title={t(`market.chart.indicator.${key}.name`)}
              onClick={() => toggle(key)}
              data-testid={`indicator-${key}`}
            >
              {t(`market.chart.indicator.${key}.short`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="chart-box">
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <PriceChart
              candles={data}
              period={period}
              instrumentId={info.id}
              priceDecimals={info.priceDecimals}
              tickSize={info.tickSize}
              indicators={indicators}
              lines={lines}
              proposed={proposed}
              onDragLine={onDragLine}
            />
          </Suspense>
        )}
      </div>
      {lines.some((l) => l.draggable) ? <p className="market-note">{t('market.chart.dragHint')}</p> : null}
      {proposal ? <MoveLineDialog proposal={proposal} onClose={() => setProposal(null)} /> : null}
    </div>
  );
}
