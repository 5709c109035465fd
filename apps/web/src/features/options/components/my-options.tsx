import type { OptionOrder } from '@openbourse/contracts/options.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconLayers } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Modal } from '@/shared/components/modal';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useOpenOptions, useOptionOrder, useSettledOptions } from '../api/options';
import { useNow, useServerClockFrom } from '@/shared/hooks/use-now';
import { bpsToFraction } from '../lib/option-figures';
import { DirectionBadge, pnlClass, Row, useOptionFormat, useTraced } from './option-parts';
import '../options.css';

function Title({ order }: { order: OptionOrder }) {
  const f = useOptionFormat();
  return (
    <div className="pos__title">
      <DirectionBadge direction={order.direction} />
      <span className="pos__name">{order.code}</span>
      <span className="pos__meta">{f.period(order.period)}</span>
    </div>
  );
}

/** Time left to an open option's expiry, then "settling" until the settle job has priced it. */
function Countdown({ order, now }: { order: OptionOrder; now: number }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const left = order.expiresAt - now;
  return left > 0 ? (
    <span className="opt-countdown num" data-testid="option-countdown">
      {t('options.mine.expiresIn', { time: f.countdown(left) })}
    </span>
  ) : (
    <span className="pos__meta" data-testid="option-settling">
      {t('options.mine.settling')}
    </span>
  );
}

function OpenRow({ order, now, onDetail }: { order: OptionOrder; now: number; onDetail(): void }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const ticks = useTraced();
  return (
    <li className="pos" data-testid={`option-open-${order.id}`}>
      <div className="pos__head">
        <Title order={order} />
        <Countdown order={order} now={now} />
      </div>
      <dl className="opt-grid">
        <Row label={t('options.quote.premium')}>{f.money(order.amount, order.currency)}</Row>
        <Row label={t('options.mine.strike')} testId="option-strike">
          {f.price(order.strike)} {ticks.ref(order.openTickId, 'option-open-tick')}
        </Row>
        <Row label={t('options.quote.capPrice')}>{f.price(order.capPrice)}</Row>
        <Row label={t('options.quote.maxPayout')}>{f.money(order.maxPayout, order.currency)}</Row>
        <Row label={t('options.mine.expiresAt')} testId="option-expires-at">
          {f.time(order.expiresAt)}
        </Row>
      </dl>
      {ticks.trace}
      <div className="pos__actions">
        <Button size="sm" variant="secondary" onClick={onDetail} data-testid="option-detail">
          {t('options.mine.details')}
        </Button>
      </div>
    </li>
  );
}

function SettledRow({ order, onDetail }: { order: OptionOrder; onDetail(): void }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const ticks = useTraced();
  return (
    <li className="pos" data-testid={`option-settled-${order.id}`}>
      <div className="pos__head">
        <Title order={order} />
        <span className={`pos__pnl ${pnlClass(order.profit)}`} data-testid="option-profit">
          {f.pnl(order.profit, order.currency)}
        </span>
      </div>
      <dl className="opt-grid">
        <Row label={t('options.mine.strike')}>{f.price(order.strike)}</Row>
        <Row label={t('options.mine.settlePrice')} testId="option-settle-price">
          {f.price(order.settlePrice)}
        </Row>
        <Row label={t('options.mine.settleTick')}>
          {order.settleTickId !== null ? ticks.ref(order.settleTickId, 'option-settle-tick') : '—'}
        </Row>
        <Row label={t('options.mine.settleTickAt')} testId="option-settle-tick-at">
          {f.time(order.settleTickAt)}
        </Row>
        <Row label={t('options.quote.premium')}>{f.money(order.amount, order.currency)}</Row>
        <Row label={t('options.mine.payout')} testId="option-payout">
          {f.money(order.payout, order.currency)}
        </Row>
      </dl>
      {ticks.trace}
      <div className="pos__actions">
        <Button size="sm" variant="secondary" onClick={onDetail} data-testid="option-detail">
          {t('options.mine.details')}
        </Button>
      </div>
    </li>
  );
}

function DetailDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const { data, error, isPending, refetch } = useOptionOrder(id);
  const now = useNow(data?.status === 'open');
  const ticks = useTraced();
  return (
    <Modal open onClose={onClose} title={t('options.mine.detailTitle')} testId="option-detail-dialog">
      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <SkeletonRows rows={4} />
      ) : (
        <div className="confirm">
          <div className="opt-quote-head">
            <Title order={data} />
            <span className="pos__meta">
              {data.mode === 'demo' ? t('options.ticket.demoAccount') : t('options.ticket.realAccount')}
            </span>
          </div>
          <dl className="confirm__list">
            <Row label={t('options.mine.status')} testId="detail-status">
              {data.status === 'open' ? <Countdown order={data} now={now} /> : t('options.mine.settled')}
            </Row>
            <Row label={t('options.quote.premium')} strong>
              {f.money(data.amount, data.currency)}
            </Row>
            <Row label={t('options.quote.volatility')}>{f.percent(data.volatility, 2)}</Row>
            <Row label={t('options.quote.modelRate')}>{f.percent(data.modelRate, 6)}</Row>
            <Row label={t('options.quote.spread')}>{f.percent(bpsToFraction(data.spreadBps), 2)}</Row>
            <Row label={t('options.quote.rate')}>{f.percent(data.rate, 6)}</Row>
            <Row label={t('options.quote.quantity')}>{f.quantity(data.quantity)}</Row>
            <Row label={t('options.mine.strike')} testId="detail-strike">
              {f.price(data.strike)} {ticks.ref(data.openTickId, 'detail-open-tick')}
            </Row>
            <Row label={t('options.quote.capPrice')}>{f.price(data.capPrice)}</Row>
            <Row label={t('options.quote.maxPayout')}>{f.money(data.maxPayout, data.currency)}</Row>
            <Row label={t('options.mine.openedAt')}>{f.time(data.openedAt)}</Row>
            <Row label={t('options.mine.expiresAt')}>{f.time(data.expiresAt)}</Row>
            {data.status === 'settled' ? (
              <>
                <Row label={t('options.mine.settlePrice')} testId="detail-settle-price">
                  {f.price(data.settlePrice)}
                </Row>
                <Row label={t('options.mine.settleTick')}>
                  {data.settleTickId !== null ? ticks.ref(data.settleTickId, 'detail-settle-tick') : '—'}
                </Row>
                <Row label={t('options.mine.settleTickAt')}>{f.time(data.settleTickAt)}</Row>
                <Row label={t('options.mine.settledAt')}>{f.time(data.settledAt)}</Row>
                <Row label={t('options.mine.payout')} testId="detail-payout" strong>
                  {f.money(data.payout, data.currency)}
                </Row>
                <Row label={t('options.mine.profit')} testId="detail-profit">
                  <span className={pnlClass(data.profit)}>{f.pnl(data.profit, data.currency)}</span>
                </Row>
              </>
            ) : null}
          </dl>
          {ticks.trace}
          <p className="opt-rule">
            {t(`options.mine.rule.${data.direction}`, {
              quantity: f.quantity(data.quantity),
              strike: f.price(data.strike),
              capPrice: f.price(data.capPrice),
            })}
          </p>
        </div>
      )}
    </Modal>
  );
}

/** The user's options in the header's account: open ones counting down, settled ones with their result. */
export function MyOptions() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const accountMode = useSession((s) => s.accountMode);
  const open = useOpenOptions();
  const settled = useSettledOptions();
  const client = useQueryClient();
  const [detail, setDetail] = useState<number | null>(null);
  const openRows = open.data?.list ?? [];
  useServerClockFrom(openRows[0]?.instrumentId);
  const now = useNow(openRows.length > 0);

  // An open option that left the open list has settled: the settled list is stale.
  const openIds = openRows.map((o) => o.id).join();
  const previous = useRef<string>('');
  useEffect(() => {
    const before = previous.current.split(',').filter(Boolean);
    previous.current = openIds;
    const still = new Set(openIds.split(','));
    if (before.some((id) => !still.has(id))) {
      void client.invalidateQueries({ queryKey: ['options', 'orders', 'settled'] });
      void client.invalidateQueries({ queryKey: ['balances'] });
    }
  }, [openIds, client]);

  // The moment one passes its expiry, ask at once; then the open list polls until it has settled.
  const anyExpired = openRows.some((o) => o.expiresAt <= now);
  const refetchOpen = open.refetch;
  useEffect(() => {
    if (anyExpired) void refetchOpen();
  }, [anyExpired, refetchOpen]);

  if (!isLoggedIn) return <LoginPrompt text={t('options.mine.login')} />;
  const error = open.error ?? (settled.rows.length === 0 ? settled.error : null);
  if (error)
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void open.refetch();
          void settled.refetch();
        }}
      />
    );
  if (open.isPending || settled.isPending) return <SkeletonRows rows={3} />;
  return (
    <div className="opt-mine" data-testid="my-options">
      <p className="ticket__mode">
        {accountMode === DEMO_ACCOUNT ? t('options.ticket.demoAccount') : t('options.ticket.realAccount')}
      </p>
      {openRows.length === 0 && settled.rows.length === 0 ? (
        <EmptyState icon={<IconLayers />} title={t('options.mine.empty')} text={t('options.mine.emptyText')} />
      ) : null}
      {openRows.length > 0 ? (
        <>
          <h3 className="opt-subtitle">{t('options.mine.open')}</h3>
          <ul className="pos-list">
            {openRows.map((o) => (
              <OpenRow key={o.id} order={o} now={now} onDetail={() => setDetail(o.id)} />
            ))}
          </ul>
        </>
      ) : null}
      {settled.rows.length > 0 ? (
        <>
          <h3 className="opt-subtitle">{t('options.mine.settledTitle')}</h3>
          <ul className="pos-list">
            {settled.rows.map((o) => (
              <SettledRow key={o.id} order={o} onDetail={() => setDetail(o.id)} />
            ))}
          </ul>
          <LoadMore query={settled} size="sm" testId="options-more" />
        </>
      ) : null}
      {detail !== null ? <DetailDialog id={detail} onClose={() => setDetail(null)} /> : null}
    </div>
  );
}
