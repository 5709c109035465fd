import { SPOT_STATUS, type SpotOrder, type SpotPair } from '@openbourse/contracts/spot.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChart } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { useCancelSpotOrder } from '../api/cancel-spot-order';
import { useSpotOrder } from '../api/get-spot-order';
import { useOpenSpotOrders, useSpotOrderHistory } from '../api/spot-orders';
import { usePairFormat } from '../hooks/use-pair-format';

type OrdersTab = 'open' | 'history';
type HistoryStatus = typeof SPOT_STATUS.filled | typeof SPOT_STATUS.cancelled;

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="spot-order__field">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function OrderTitle({ order, pair }: { order: SpotOrder; pair: SpotPair }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  return (
    <div className="spot-order__title">
      <span className={`spot-order__side spot-order__side--${order.side}`}>{t(`market.side.${order.side}`)}</span>
      <span>
        {t(`spot.form.types.${order.type}`)}
        {order.type === 'limit' ? ` · ${t(`spot.tif.${order.timeInForce}`)}` : ''}
      </span>
      <span className="spot-order__meta">
        <span dir="ltr">{order.orderNo}</span> · {f.format.dateTime(new Date(order.createdAt).toISOString())}
      </span>
    </div>
  );
}

/** The figures every order shows: its price, quantity and what of it traded. */
function OrderFields({ order, pair }: { order: SpotOrder; pair: SpotPair }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  return (
    <>
      <Field label={t('spot.form.price')}>{order.price ? f.price(order.price) : t('spot.orders.marketPrice')}</Field>
      <Field label={t('spot.orders.filled')} testId="spot-order-filled">
        <span dir="ltr">
          {f.qty(order.filledQuantity)} / {f.qty(order.quantity)}
        </span>
      </Field>
      <Field label={t('spot.orders.average')}>{f.price(order.averagePrice)}</Field>
      <Field label={t('spot.orders.turnover')}>{f.quote(order.turnover)}</Field>
      <Field label={t('spot.orders.fee')}>{f.quote(order.fee)}</Field>
    </>
  );
}

function OpenOrders({ pair }: { pair: SpotPair }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const { data, isPending, error, refetch } = useOpenSpotOrders(pair.id);
  const cancel = useCancelSpotOrder();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (data.list.length === 0) return <EmptyState icon={<IconChart />} title={t('spot.orders.openEmpty')} />;
  return (
    <ul className="spot-order-list">
      {data.list.map((o) => (
        <li key={o.id} className="spot-order" data-testid={`spot-open-${o.orderNo}`}>
          <OrderTitle order={o} pair={pair} />
          <dl className="spot-order__grid">
            <OrderFields order={o} pair={pair} />
            <Field label={t('spot.orders.held')}>{o.side === 'buy' ? f.quote(o.held) : f.base(o.held)}</Field>
          </dl>
          <div className="spot-order__actions">
            <Button
              size="sm"
              variant="danger"
              loading={cancel.isPending && cancel.variables === o.id}
              onClick={() =>
                cancel.mutateAsync(o.id).then(
                  () => toast.success(t('spot.orders.cancelled', { no: o.orderNo })),
                  (e: unknown) => toast.error(errorMessage(e)),
                )
              }
              data-testid="spot-cancel"
            >
              {t('spot.orders.cancel')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An order's fills, read when its row is opened. */
function Fills({ id, pair }: { id: number; pair: SpotPair }) {
  const { t } = useTranslation();
  const f = usePairFormat(pair);
  const { data, error, isPending, refetch } = useSpotOrder(id);
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={2} />;
  const fills = data.fills ?? [];
  if (fills.length === 0) return <p className="market-note">{t('spot.orders.noFills')}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table spot-fills" data-testid="spot-fills">
        <thead>
          <tr>
            <th scope="col">{t('spot.trades.time')}</th>
            <th scope="col" className="num">
              {t('spot.form.price')}
            </th>
            <th scope="col" className="num">
              {t('spot.form.quantity')}
            </th>
            <th scope="col" className="num">
              {t('spot.orders.fee')}
            </th>
            <th scope="col">{t('spot.orders.role')}</th>
          </tr>
        </thead>
        <tbody>
          {fills.map((fill) => (
            <tr key={fill.id} data-testid="spot-fill">
              <td>{f.format.dateTime(new Date(fill.time).toISOString())}</td>
              <td className="num">{f.price(fill.price)}</td>
              <td className="num">{f.qty(fill.quantity)}</td>
              <td className="num">{f.quote(fill.fee)}</td>
              <td>{t(`spot.orders.roles.${fill.role}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function History({ pair }: { pair: SpotPair }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<HistoryStatus>(SPOT_STATUS.filled);
  const history = useSpotOrderHistory(pair.id, status);
  const { rows, error, isPending, refetch } = history;
  const [open, setOpen] = useState<number | null>(null);
  const statuses: { key: HistoryStatus; label: string }[] = [
    { key: SPOT_STATUS.filled, label: t('spot.orders.filledTab') },
    { key: SPOT_STATUS.cancelled, label: t('spot.orders.cancelledTab') },
  ];
  return (
    <div className="spot-history">
      <fieldset className="spot-switch spot-switch--inline" aria-label={t('spot.orders.historyFilter')}>
        {statuses.map((s) => (
          <button
            key={s.key}
            type="button"
            className={`spot-switch__item ${status === s.key ? 'is-active' : ''}`}
            aria-pressed={status === s.key}
            onClick={() => setStatus(s.key)}
            data-testid={`spot-history-${s.key === SPOT_STATUS.filled ? 'filled' : 'cancelled'}`}
          >
            {s.label}
          </button>
        ))}
      </fieldset>
      {error && rows.length === 0 ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <SkeletonRows rows={3} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconChart />} title={t('spot.orders.historyEmpty')} />
      ) : (
        <>
          <ul className="spot-order-list">
            {rows.map((o) => (
              <li key={o.id} className="spot-order" data-testid={`spot-history-${o.orderNo}`}>
                <OrderTitle order={o} pair={pair} />
                <dl className="spot-order__grid">
                  <OrderFields order={o} pair={pair} />
                  {o.cancelReason ? (
                    <Field label={t('spot.orders.reason')}>{t(`spot.orders.reasons.${o.cancelReason}`)}</Field>
                  ) : null}
                </dl>
                <div className="spot-order__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-expanded={open === o.id}
                    onClick={() => setOpen(open === o.id ? null : o.id)}
                    data-testid="spot-fills-toggle"
                  >
                    {open === o.id ? t('spot.orders.hideFills') : t('spot.orders.showFills')}
                  </Button>
                </div>
                {open === o.id ? <Fills id={o.id} pair={pair} /> : null}
              </li>
            ))}
          </ul>
          <LoadMore query={history} size="sm" testId="spot-history-more" />
        </>
      )}
    </div>
  );
}

/** The user's orders on the pair: those waiting (with cancel) and those ended (with their fills). */
export function SpotOrders({ pair }: { pair: SpotPair }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrdersTab>('open');
  return (
    <div className="spot-orders" data-testid="spot-orders">
      <Tabs
        idPrefix="spot-orders"
        label={t('spot.orders.title')}
        value={tab}
        onChange={setTab}
        items={(['open', 'history'] as const).map((key) => ({
          key,
          label: t(`spot.orders.tabs.${key}`),
          testId: `spot-orders-tab-${key}`,
        }))}
      />
      <div id="spot-orders-panel" role="tabpanel" aria-labelledby={`spot-orders-tab-${tab}`}>
        {tab === 'open' ? <OpenOrders pair={pair} /> : <History pair={pair} />}
      </div>
    </div>
  );
}
