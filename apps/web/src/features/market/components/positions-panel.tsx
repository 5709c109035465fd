import type { UOrder } from '@openbourse/contracts/trading.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChart } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';
import { ORDER_LIST_STATUS, useCancelOrder, useMarginAccount, useOrderList } from '../api/orders';
import { liveMarginAccount, useLivePositions } from '../hooks/use-live-positions';
import { CloseDialog, TpSlDialog } from './position-dialogs';
import { trimDecimal } from '@/shared/lib/decimal';
import { History } from './order-history';
import { Field, OrderTitle, pnlClass, useMoney } from './position-parts';

type PositionsTab = 'open' | 'pending' | 'history';
const TABS: PositionsTab[] = ['open', 'pending', 'history'];

export function MarginSummary() {
  const { t } = useTranslation();
  const { usdt, pnl, format } = useMoney();
  const { data: account } = useMarginAccount();
  const { positions } = useLivePositions();
  const data = account ? liveMarginAccount(account, positions) : undefined;
  const dash = '—';
  const items: { key: string; label: string; value: string; className?: string }[] = [
    { key: 'equity', label: t('wallet.margin.equity'), value: data ? usdt(data.equity) : dash },
    { key: 'used', label: t('wallet.margin.usedMargin'), value: data ? usdt(data.usedMargin) : dash },
    { key: 'free', label: t('wallet.margin.freeMargin'), value: data ? usdt(data.freeMargin) : dash },
    {
      key: 'pnl',
      label: t('wallet.margin.openPnl'),
      value: data ? pnl(data.openProfit) : dash,
      className: data ? pnlClass(data.openProfit) : 'num',
    },
    {
      key: 'level',
      label: t('market.positions.marginLevel'),
      value: data?.marginLevel ? format.percent(data.marginLevel) : dash,
    },
  ];
  return (
    <div className="margin-summary-wrap">
      <dl className="margin-summary" data-testid="margin-summary">
        {items.map((item) => (
          <div key={item.key} className="margin-summary__item">
            <dt>{item.label}</dt>
            <dd className={item.className ?? 'num'} data-testid={`margin-${item.key}`}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {data ? (
        <p className="margin-summary__rule" data-testid="stop-out-rule">
          {t('market.positions.stopOutRule', { level: format.percent(data.stopOutLevel) })}
        </p>
      ) : null}
    </div>
  );
}

function OpenPositions() {
  const { t } = useTranslation();
  const m = useMoney();
  const { positions, isPending, error, refetch } = useLivePositions();
  const [closing, setClosing] = useState<UOrder | null>(null);
  const [editing, setEditing] = useState<UOrder | null>(null);
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending || !positions) return <SkeletonRows rows={3} />;
  if (positions.length === 0) return <EmptyState icon={<IconChart />} title={t('market.positionsEmpty')} />;
  return (
    <>
      <ul className="pos-list">
        {positions.map(({ order: o, pnl, price, live, level }) => {
          return (
            <li key={o.id} className="pos" data-testid={`position-row-${o.orderNo}`}>
              <div className="pos__head">
                <OrderTitle order={o} />
                <span
                  className={`pos__pnl ${pnlClass(pnl)}`}
                  data-testid="position-pnl"
                  data-live={live ? 'true' : 'false'}
                  aria-live="off"
                >
                  {m.pnl(pnl)}
                </span>
              </div>
              <dl className="pos__grid">
                <Field label={t('market.ticket.lots')}>{trimDecimal(o.openLots)}</Field>
                <Field label={t('market.positions.openPrice')} testId="position-open-price">
                  {m.price(o.openPrice)}
                </Field>
                <Field label={t('market.positions.currentPrice2')} testId="position-current-price">
                  {m.price(price, o.openPrice)}
                </Field>
                <Field label={t('market.ticket.margin')}>{m.usdt(o.marginHeld)}</Field>
                <Field label={t('market.ticket.takeProfit')} testId="position-tp">
                  {m.price(o.takeProfit)}
                </Field>
                <Field label={t('market.ticket.stopLoss')} testId="position-sl">
                  {m.price(o.stopLoss)}
                </Field>
                <Field label={t('market.positions.positionLevel')} testId="position-level">
                  {level ? m.format.percent(level) : '—'}
                </Field>
                <Field label={t('market.ticket.stopOutPrice')}>{m.price(o.stopOutPrice)}</Field>
                <Field label={t('market.positions.openTick')}>{o.openTickId ? `#${o.openTickId}` : '—'}</Field>
              </dl>
              <div className="pos__actions">
                <Button size="sm" variant="secondary" onClick={() => setEditing(o)} data-testid="position-tp-edit">
                  {t('market.positions.editTpSl')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => setClosing(o)} data-testid="position-close">
                  {t('market.positions.close')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {closing ? <CloseDialog order={closing} onClose={() => setClosing(null)} /> : null}
      {editing ? <TpSlDialog order={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function PendingOrders() {
  const { t } = useTranslation();
  const m = useMoney();
  const { data, isPending, error, refetch } = useOrderList(ORDER_LIST_STATUS.pending);
  const cancel = useCancelOrder();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (data.list.length === 0) return <EmptyState icon={<IconChart />} title={t('market.positions.pendingEmpty')} />;
  return (
    <ul className="pos-list">
      {data.list.map((o) => (
        <li key={o.id} className="pos" data-testid={`pending-row-${o.orderNo}`}>
          <div className="pos__head">
            <OrderTitle order={o} />
          </div>
          <dl className="pos__grid">
            <Field label={t('market.ticket.lots')}>{trimDecimal(o.lots)}</Field>
            <Field label={t('market.ticket.price')}>{m.price(o.price)}</Field>
            <Field label={t('market.positions.held')}>{m.usdt(o.marginHeld)}</Field>
            <Field label={t('market.ticket.takeProfit')}>{m.price(o.takeProfit)}</Field>
            <Field label={t('market.ticket.stopLoss')}>{m.price(o.stopLoss)}</Field>
            <Field label={t('market.positions.created')}>{m.time(o.createdAt)}</Field>
          </dl>
          <div className="pos__actions">
            <Button
              size="sm"
              variant="danger"
              loading={cancel.isPending && cancel.variables === o.id}
              onClick={() =>
                cancel.mutateAsync(o.id).then(
                  (res) => toast.success(res.msg || t('market.positions.cancelled')),
                  (error: unknown) => toast.error(errorMessage(error)),
                )
              }
              data-testid="pending-cancel"
            >
              {t('market.positions.cancel')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Margin account figures and the user's positions, pending orders and history (per account mode). */
export function PositionsPanel() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [tab, setTab] = useState<PositionsTab>('open');
  if (!isLoggedIn) return <LoginPrompt text={t('market.positionsLogin')} />;
  return (
    <div className="positions" data-testid="positions">
      <MarginSummary />
      <Tabs
        idPrefix="positions"
        label={t('market.positionsTitle')}
        value={tab}
        onChange={setTab}
        items={TABS.map((key) => ({ key, label: t(`market.positions.tabs.${key}`), testId: `positions-tab-${key}` }))}
      />
      <div id="positions-panel" role="tabpanel" aria-labelledby={`positions-tab-${tab}`}>
        {tab === 'open' ? <OpenPositions /> : tab === 'pending' ? <PendingOrders /> : <History />}
      </div>
    </div>
  );
}
