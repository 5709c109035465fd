import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChart, IconSwap } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { DEMO_ACCOUNT } from '@/shared/session/session-store';
import { useSession } from '@/shared/session/use-session';
import { useSpotPairs } from '../api/list-spot-pairs';
import { useSpotTrades } from '../api/list-spot-trades';
import { useOpenSpotOrders } from '../api/spot-orders';
import { directionOf } from '../hooks/use-pair-format';
import { useSpotBook } from '../hooks/use-spot-book';
import { useSpotOrderPush } from '../hooks/use-spot-order-push';
import { compareDecimal } from '@/shared/lib/decimal';
import { OrderBook } from './order-book';
import { type PickedPrice, SpotOrderForm } from './order-form';
import { PairHeader } from './pair-header';
import { RecentTrades } from './recent-trades';
import { SpotOrders } from './spot-orders';
import '../spot.css';

type MobilePanel = 'book' | 'trades' | 'chart';
const MOBILE_PANELS: MobilePanel[] = ['book', 'trades', 'chart'];
const BOOK_LEVELS = { desktop: 14, mobile: 8 };

/** How the market page draws the feed's chart of an instrument (the market feature owns the chart). */
export type RenderChart = (instrumentId: number) => ReactNode;

/** The chart of the pair's reference instrument, labelled as the feed's price (not this book's trades). */
function FeedChart({ pair, renderChart }: { pair: SpotPair; renderChart: RenderChart }) {
  const { t } = useTranslation();
  return (
    <section className="spot-chart" aria-labelledby={`spot-chart-${pair.id}`} data-testid="spot-chart">
      <h3 className="spot-panel__title" id={`spot-chart-${pair.id}`}>
        {t('spot.chart.title')}
      </h3>
      {pair.instrumentId === null ? (
        <EmptyState icon={<IconChart />} title={t('spot.chart.none')} />
      ) : (
        <>
          {renderChart(pair.instrumentId)}
          <p className="market-note">{t('spot.chart.note', { symbol: pair.symbol })}</p>
        </>
      )}
    </section>
  );
}

/** The buy and sell forms (one at a time on a phone), or the login prompt. */
function OrderForms({
  pair,
  bestBid,
  bestAsk,
  picked,
}: {
  pair: SpotPair;
  bestBid: string | null;
  bestAsk: string | null;
  picked: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const isDesktop = useSession((s) => s.isDesktop);
  const demo = useSession((s) => s.accountMode === DEMO_ACCOUNT);
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const open = useOpenSpotOrders(pair.id);
  if (!isLoggedIn) {
    return (
      <div className="spot-forms spot-forms--login" data-testid="spot-login">
        <LoginPrompt text={t('spot.form.login')} />
      </div>
    );
  }
  const holding = (currency: string) =>
    open.data ? (open.data.holdings.find((h) => h.currency === currency)?.available ?? '0') : null;
  const form = (s: 'buy' | 'sell') => (
    <SpotOrderForm
      key={`${pair.id}-${s}`}
      pair={pair}
      side={s}
      available={holding(s === 'buy' ? pair.quote : pair.base)}
      best={s === 'buy' ? bestAsk : bestBid}
      picked={picked}
    />
  );
  return (
    <div className="spot-forms" data-testid="spot-forms">
      {isDesktop ? (
        <div className="spot-forms__pair">
          {form('buy')}
          {form('sell')}
        </div>
      ) : (
        <>
          <fieldset className="spot-sides" aria-label={t('market.ticket.side')}>
            {(['buy', 'sell'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={`spot-sides__item spot-sides__item--${s} ${side === s ? 'is-active' : ''}`}
                aria-pressed={side === s}
                onClick={() => setSide(s)}
                data-testid={`spot-side-${s}`}
              >
                {t(`market.side.${s}`)}
              </button>
            ))}
          </fieldset>
          {/* Both stay mounted, one shown: switching sides keeps what was typed in each. */}
          {(['buy', 'sell'] as const).map((s) => (
            <div key={s} hidden={side !== s}>
              {form(s)}
            </div>
          ))}
        </>
      )}
      {!pair.enabled ? <p className="market-note">{t('spot.disabledNote')}</p> : null}
      <p className="spot-forms__mode">{demo ? t('spot.form.demoAccount') : t('spot.form.realAccount')}</p>
    </div>
  );
}

function SpotTrading({ pair, renderChart }: { pair: SpotPair; renderChart: RenderChart }) {
  const { t } = useTranslation();
  const isDesktop = useSession((s) => s.isDesktop);
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useDocumentTitle(`${pair.symbol} · ${t('market.title')}`);
  useSpotOrderPush(isLoggedIn);
  const book = useSpotBook(pair.id);
  const trades = useSpotTrades(pair.id);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [panel, setPanel] = useState<MobilePanel>('book');
  const latest = trades.data?.[0];
  const previous = trades.data?.[1];
  const lastPrice = latest?.price ?? pair.lastPrice;
  const lastDirection = latest && previous ? directionOf(String(compareDecimal(latest.price, previous.price))) : 'flat';
  const pick = (price: string) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }));
  const bestBid = book.book?.bids[0]?.[0] ?? null;
  const bestAsk = book.book?.asks[0]?.[0] ?? null;

  const bookPanel = (
    <section className="spot-panel spot-book" aria-labelledby={`spot-book-${pair.id}`}>
      <h3 className="spot-panel__title" id={`spot-book-${pair.id}`}>
        {t('spot.book.title')}
      </h3>
      <OrderBook
        pair={pair}
        view={book}
        lastPrice={lastPrice}
        lastDirection={lastDirection}
        levels={isDesktop ? BOOK_LEVELS.desktop : BOOK_LEVELS.mobile}
        onPick={pick}
      />
    </section>
  );
  const tradesPanel = (
    <section className="spot-panel spot-trades-panel" aria-labelledby={`spot-trades-${pair.id}`}>
      <h3 className="spot-panel__title" id={`spot-trades-${pair.id}`}>
        {t('spot.trades.title')}
      </h3>
      <RecentTrades pair={pair} trades={trades.data} error={trades.error} onRetry={() => void trades.refetch()} />
    </section>
  );
  // The book re-renders this view up to once a frame: the chart and the order lists keep their elements.
  const chart = useMemo(() => <FeedChart pair={pair} renderChart={renderChart} />, [pair, renderChart]);
  const orders = useMemo(() => <SpotOrders pair={pair} />, [pair]);
  const forms = <OrderForms pair={pair} bestBid={bestBid} bestAsk={bestAsk} picked={picked} />;

  return (
    <div className="spot-view" data-testid="spot-view">
      <PairHeader pair={pair} lastPrice={lastPrice} />
      {isDesktop ? (
        <div className="spot-grid">
          {bookPanel}
          <div className="spot-grid__main">
            {chart}
            {forms}
          </div>
          {tradesPanel}
        </div>
      ) : (
        <div className="spot-stack">
          <Tabs
            idPrefix="spot-panels"
            label={t('spot.panels.label')}
            value={panel}
            onChange={setPanel}
            items={MOBILE_PANELS.map((key) => ({ key, label: t(`spot.panels.${key}`), testId: `spot-panel-${key}` }))}
          />
          <div id="spot-panels-panel" role="tabpanel" aria-labelledby={`spot-panels-tab-${panel}`}>
            {panel === 'book' ? bookPanel : panel === 'trades' ? tradesPanel : chart}
          </div>
          {forms}
        </div>
      )}
      {isLoggedIn ? (
        <section className="spot-panel" aria-labelledby={`spot-orders-${pair.id}`}>
          <h3 className="spot-panel__title" id={`spot-orders-${pair.id}`}>
            {t('spot.orders.title')}
          </h3>
          {orders}
        </section>
      ) : null}
    </div>
  );
}

/** The spot trading view of one pair (/market?type=spot&pair=1). */
export function SpotTradingView({ pairId, renderChart }: { pairId: number; renderChart: RenderChart }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useSpotPairs();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonRows rows={6} />;
  const pair = data.find((p) => p.id === pairId);
  if (!pair) return <EmptyState icon={<IconSwap />} title={t('spot.unknownPair')} />;
  return <SpotTrading key={pair.id} pair={pair} renderChart={renderChart} />;
}
