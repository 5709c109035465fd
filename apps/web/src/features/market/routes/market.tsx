import type { Quote } from '@openbourse/contracts/market.ts';
import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { favouritesFirst, useFavouriteIds } from '@/shared/api/favourites';
import { EmptyState } from '@/shared/components/empty-state';
import { IconInfo, IconLayers, IconMarket, IconSearch, IconSwap } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useInstrumentName } from '@/shared/lib/instrument-name';
import { Button } from '@/shared/components/button';
import { MARKET_TYPE_CODES, marketListQuery } from '../api/list-market-by-type';
import { useMarketInfo } from '../api/market-info';
import { ChartPanel } from '../components/chart-panel';
import { DemoOffer } from '../components/demo-offer';
import { InstrumentView } from '../components/instrument-view';
import { MarketTable, matchesSearch } from '../components/market-table';
import { PositionsPanel } from '../components/positions-panel';
import '../market.css';

/** Market list types (spec §3): 1 forex, 2 crypto, 3 stocks, 4 futures, 5 ETF; then the spot pairs. */
const MARKET_TYPES = ['forex', 'crypto', 'stocks', 'futures', 'etf', 'spot'] as const;
type MarketType = (typeof MARKET_TYPES)[number];
const isMarketType = (v: string | null): v is MarketType => MARKET_TYPES.includes(v as MarketType);

/*
 * The Spot tab shows the spot feature's pair list and trading view, loaded when the tab is opened.
 * An exception to "a feature never imports another" (the lint rule does not see dynamic imports):
 * /market is where the Spot tab lives, and the dependency goes one way only, since the spot view
 * draws the feed's chart through the render prop below instead of importing the market feature.
 */
const spotList = () => import('@/features/spot/components/spot-pair-list');
const spotView = () => import('@/features/spot/components/spot-view');
const SpotPairList = lazy(() => spotList().then((m) => ({ default: m.SpotPairList })));
const SpotTradingView = lazy(() => spotView().then((m) => ({ default: m.SpotTradingView })));
/** The user's options (open with their countdown, settled with their tick): the options feature's list. */
const MyOptions = lazy(() =>
  import('@/features/options/components/my-options').then((m) => ({ default: m.MyOptions })),
);

/** A spot pair's reference chart: the chart of the feed instrument it is priced against. */
function FeedChart({ instrumentId }: { instrumentId: number }) {
  const info = useMarketInfo(String(instrumentId));
  if (info.error) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <SkeletonRows rows={6} />;
  return <ChartPanel key={info.data.id} info={info.data} positions={false} />;
}
const renderFeedChart = (instrumentId: number) => <FeedChart instrumentId={instrumentId} />;

/** /market?type=crypto&id=11: the list of a type, and the instrument (id or code) open for trading. */
export default function MarketRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const isSpot = typeParam === 'spot';
  const selected = isSpot ? null : params.get('id');
  const pairParam = Number(params.get('pair'));
  const selectedPair = isSpot && Number.isSafeInteger(pairParam) && pairParam > 0 ? pairParam : null;
  const info = useMarketInfo(selected);
  const infoType = info.data ? MARKET_TYPES[info.data.type - 1] : undefined;
  const type: MarketType = isMarketType(typeParam) ? typeParam : (infoType ?? 'forex');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  useDocumentTitle(info.data ? `${info.data.code} · ${t('market.title')}` : t('market.title'));
  const typeName = t(`market.types.${type}`);
  const { data, isPending, error, refetch } = useQuery({
    ...marketListQuery(MARKET_TYPE_CODES[type === 'spot' ? 'crypto' : type]),
    refetchInterval: 60_000,
    enabled: !isSpot,
  });
  const simulated = data?.some((q) => q.simulated) ?? false;
  // What lies below the list appears once the list has its first answer: painted earlier, it
  // would be pushed down when the rows arrive (a layout shift).
  const listAnswered = useRef(false);
  if (data || error || isSpot) listAnswered.current = true;
  // Favourites first (the market's own order within each group).
  const favourites = useFavouriteIds();
  const instrumentName = useInstrumentName();
  const visible = favouritesFirst(
    data?.filter((q) => matchesSearch(q, deferredSearch, instrumentName(q.code, q.name))) ?? [],
    favourites,
  );

  const setType = (next: MarketType) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('type', next);
        return n;
      },
      { replace: true },
    );
  const select = (quote: Quote) => {
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('type', type);
      n.set('id', String(quote.id));
      return n;
    });
    document.getElementById('instrument')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  const selectPair = (pair: SpotPair) => {
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('type', 'spot');
      n.set('pair', String(pair.id));
      return n;
    });
    document.getElementById('instrument')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Page title={t('market.title')} subtitle={t('market.subtitle')} wide>
      <DemoOffer />
      <div id="instrument">
        {selectedPair !== null ? (
          <Section className="instrument-section">
            <Suspense fallback={<SkeletonRows rows={6} />}>
              <SpotTradingView pairId={selectedPair} renderChart={renderFeedChart} />
            </Suspense>
          </Section>
        ) : selected ? (
          info.error ? (
            <Section>
              <QueryError error={info.error} onRetry={() => void info.refetch()} />
            </Section>
          ) : info.data ? (
            <Section className="instrument-section">
              <InstrumentView info={info.data} />
            </Section>
          ) : (
            <Section>
              <SkeletonRows rows={6} />
            </Section>
          )
        ) : null}
      </div>
      <Section>
        <div className="market-toolbar">
          <Tabs
            idPrefix="market"
            label={t('market.typesLabel')}
            value={type}
            onChange={setType}
            items={MARKET_TYPES.map((key) => ({ key, label: t(`market.types.${key}`), testId: `market-tab-${key}` }))}
          />
          <label className="market-search">
            <IconSearch className="market-search__icon" />
            <span className="visually-hidden">{t('market.search')}</span>
            <input
              type="search"
              className="market-search__input"
              placeholder={t('market.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="market-search"
            />
          </label>
        </div>
        <div id="market-panel" role="tabpanel" aria-labelledby={`market-tab-${type}`}>
          {isSpot ? (
            <Suspense fallback={<SkeletonRows rows={4} />}>
              <SpotPairList search={deferredSearch} selectedId={selectedPair} onSelect={selectPair} />
            </Suspense>
          ) : error ? (
            <QueryError error={error} onRetry={() => void refetch()} />
          ) : isPending ? (
            <SkeletonRows rows={6} />
          ) : data.length === 0 ? (
            <EmptyState
              icon={<IconMarket />}
              title={t('market.empty', { type: typeName })}
              text={t('market.emptyText')}
            />
          ) : (
            <>
              {visible.length === 0 ? (
                <EmptyState icon={<IconSearch />} title={t('market.searchEmpty', { search: deferredSearch })} />
              ) : (
                <MarketTable quotes={visible} selectedId={info.data?.id ?? null} onSelect={select} />
              )}
              {simulated ? (
                <p className="market-note" data-testid="market-simulated">
                  <IconInfo />
                  {t('market.simulated')}
                </p>
              ) : null}
              {!selected ? <p className="market-note">{t('market.pickHint')}</p> : null}
            </>
          )}
        </div>
      </Section>
      {listAnswered.current ? (
        <>
          {/* The spot view lists its own orders; the margin positions stay with the margin tabs. */}
          {isSpot ? null : (
            <Section title={t('market.positionsTitle')}>
              <PositionsPanel />
            </Section>
          )}
          <MarketProducts onSpot={isSpot ? undefined : () => setType('spot')} />
        </>
      ) : null}
    </Page>
  );
}

/** Spot and options: the market's other products (spot opens its tab). */
function MarketProducts({ onSpot }: { onSpot?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="market-products">
      <Section title={t('market.spotTitle')}>
        <div className="market-product">
          <IconSwap className="market-product__icon" />
          <p className="market-product__text">{t('market.spotText')}</p>
        </div>
        {onSpot ? (
          <Button variant="secondary" size="sm" onClick={onSpot} data-testid="market-open-spot">
            {t('spot.openMarket')}
          </Button>
        ) : null}
      </Section>
      <Section title={t('market.optionsTitle')}>
        <div className="market-product">
          <IconLayers className="market-product__icon" />
          <p className="market-product__text">{t('market.optionsText')}</p>
        </div>
        <Suspense fallback={<SkeletonRows rows={2} />}>
          <MyOptions />
        </Suspense>
      </Section>
    </div>
  );
}
