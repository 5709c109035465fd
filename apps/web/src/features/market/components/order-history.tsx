import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChart } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { Modal } from '@/shared/components/modal';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { trimDecimal } from '@/shared/lib/decimal';
import { useRecordedTick } from '../api/market-info';
import { useOrderDetail, useOrderHistory } from '../api/orders';
import { Field, OrderTitle, pnlClass, useMoney } from './position-parts';

/** The recorded tick a fill was priced on, as the market stored it (DESIGN §1.3). */
function TickTrace({ id }: { id: number }) {
  const { t } = useTranslation();
  const m = useMoney();
  const { data, error } = useRecordedTick(id);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (data) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [data]);
  if (error) return <p className="market-note">{t('market.tick.error')}</p>;
  if (!data) return <SkeletonRows rows={1} />;
  return (
    <section ref={ref} className="tick-trace" data-testid="tick-trace" aria-label={t('market.tick.title', { id })}>
      <h4 className="tick-trace__title">{t('market.tick.title', { id })}</h4>
      <dl className="pos__grid">
        <Field label={t('market.view.bid')} testId="tick-bid">
          {m.price(data.bid)}
        </Field>
        <Field label={t('market.view.ask')} testId="tick-ask">
          {m.price(data.ask)}
        </Field>
        <Field label={t('market.tick.observed')}>{m.time(data.ts)}</Field>
        <Field label={t('market.tick.source')}>{t(`market.tick.sources.${data.source}`)}</Field>
      </dl>
      <p className="market-note">{t('market.tick.rule')}</p>
    </section>
  );
}

function OrderDetailDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const m = useMoney();
  const { data, error, isPending, refetch } = useOrderDetail(id);
  const [traced, setTraced] = useState<number | null>(null);
  return (
    <Modal open onClose={onClose} title={t('market.history.detailTitle')} testId="order-detail">
      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <SkeletonRows rows={3} />
      ) : (
        <div className="order-detail">
          <OrderTitle order={data} />
          <p className="market-note">{t('market.history.fillsNote')}</p>
          {data.fills.length === 0 ? (
            <EmptyState title={t('market.history.noFills')} />
          ) : (
            <ul className="fill-list">
              {data.fills.map((f) => (
                <li key={f.id} className="fill" data-testid={`fill-${f.kind}`}>
                  <div className="fill__head">
                    <span className="pos__name">{t(`market.fillKind.${f.kind}`)}</span>
                    <span className="pos__meta">{t(`market.fillReason.${f.reason}`)}</span>
                  </div>
                  <dl className="pos__grid">
                    <Field label={t('market.history.tick')}>
                      <button
                        type="button"
                        className="btn btn--link btn--sm num tick-link"
                        aria-expanded={traced === f.id}
                        aria-label={t('market.tick.show')}
                        onClick={() => setTraced(traced === f.id ? null : f.id)}
                        data-testid="fill-tick"
                      >
                        #{f.tickId}
                      </button>
                    </Field>
                    <Field label={t('market.history.time')}>{m.time(f.time)}</Field>
                    <Field label={t('market.history.price')} testId="fill-price">
                      {m.price(f.price)}
                    </Field>
                    <Field label={t('market.ticket.lots')}>{trimDecimal(f.lots)}</Field>
                    <Field label={t('market.ticket.fee')}>{m.usdt(f.fee)}</Field>
                    {f.kind === 'close' ? (
                      <Field label={t('market.history.profit')}>
                        <span className={pnlClass(f.profit)}>{m.pnl(f.profit)}</span>
                      </Field>
                    ) : (
                      <Field label={t('market.ticket.margin')}>{m.usdt(f.margin)}</Field>
                    )}
                  </dl>
                  {traced === f.id ? <TickTrace id={f.tickId} /> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

/** Closed and cancelled orders, newest ended first, a page at a time. */
export function History() {
  const { t } = useTranslation();
  const m = useMoney();
  const history = useOrderHistory();
  const { rows, error, isPending, refetch } = history;
  const [detail, setDetail] = useState<number | null>(null);
  if (error && rows.length === 0) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={3} />;
  if (rows.length === 0) return <EmptyState icon={<IconChart />} title={t('market.history.empty')} />;
  return (
    <>
      <ul className="pos-list">
        {rows.map((o) => (
          <li key={o.id} className="pos" data-testid={`history-row-${o.orderNo}`}>
            <div className="pos__head">
              <OrderTitle order={o} />
              {o.state === 'closed' ? (
                <span className={`pos__pnl ${pnlClass(o.realisedProfit)}`}>{m.pnl(o.realisedProfit)}</span>
              ) : (
                <span className="pos__meta">{t('market.history.cancelledState')}</span>
              )}
            </div>
            <dl className="pos__grid">
              <Field label={t('market.ticket.lots')}>{trimDecimal(o.lots)}</Field>
              {/* An order cancelled while it waited never opened: its price is the one it waited for. */}
              <Field label={o.openPrice ? t('market.positions.openPrice') : t('market.ticket.price')}>
                {m.price(o.openPrice ?? o.price)}
              </Field>
              {o.state === 'closed' ? (
                <>
                  <Field label={t('market.history.closePrice')} testId="history-close-price">
                    {m.price(o.closePrice, o.openPrice ?? o.price)}
                  </Field>
                  <Field label={t('market.history.reason')} testId="history-reason">
                    {o.closeReason ? t(`market.closeReason.${o.closeReason}`) : '—'}
                  </Field>
                  <Field label={t('market.history.closed')}>{m.time(o.closeTime)}</Field>
                </>
              ) : (
                <>
                  <Field label={t('market.history.reason')} testId="history-reason">
                    {o.cancelReason ? t(`market.cancelReason.${o.cancelReason}`) : '—'}
                  </Field>
                  <Field label={t('market.history.cancelled')}>{m.time(o.cancelTime)}</Field>
                </>
              )}
            </dl>
            <div className="pos__actions">
              <Button size="sm" variant="secondary" onClick={() => setDetail(o.id)} data-testid="history-detail">
                {t('market.history.details')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={history} size="sm" testId="history-more" />
      {detail !== null ? <OrderDetailDialog id={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
