import type { Quote } from '@openbourse/contracts/market.ts';
import { useDeferredValue, useRef, useState } from 'react';
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
import { MARKET_TYPE_CODES, useMarketList } from '../api/list-market-by-type';
import { useMarketInfo } from '../api/market-info';
import { DemoOffer } from '../components/demo-offer';
import { InstrumentView } from '../components/instrument-view';
import { MarketTable, matchesSearch } from '../components/market-table';
import { PositionsPanel } from '../components/positions-panel';
import '../market.css';

/** Market list types (spec §3): 1 forex, 2 crypto, 3 stocks, 4 futures, 5 ETF. */
const MARKET_TYPES = ['forex', 'crypto', 'stocks', 'futures', 'etf'] as const;
type MarketType = (typeof MARKET_TYPES)[number];
const isMarketType = (v: string | null): v is MarketType => MARKET_TYPES.includes(v as MarketType);

/** /market?type=crypto&id=11: the list of a type, and the instrument (id or code) open for trading. */
export default function MarketRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const info = useMarketInfo(selected);
  const typeParam = params.get('type');
  const infoType = info.data ? MARKET_TYPES[info.data.type - 1] : undefined;
  const type: MarketType = isMarketType(typeParam) ? typeParam : (infoType ?? 'forex');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  useDocumentTitle(info.data ? `${info.data.code} · ${t('market.title')}` : t('market.title'));
  const typeName = t(`market.types.${type}`);
  const { data, isPending, error, refetch } = useMarketList(MARKET_TYPE_CODES[type]);
  const simulated = data?.some((q) => q.simulated) ?? false;
  // What lies below the list appears once the list has its first answer: painted earlier, it
  // would be pushed down when the rows arrive (a layout shift).
  const listAnswered = useRef(false);
  if (data || error) listAnswered.current = true;
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

  return (
    <Page title={t('market.title')} subtitle={t('market.subtitle')} wide>
      <DemoOffer />
      <div id="instrument">
        {selected ? (
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
          {error ? (
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
          <Section title={t('market.positionsTitle')}>
            <PositionsPanel />
          </Section>
          <MarketProducts />
        </>
      ) : null}
    </Page>
  );
}

/** Spot and options: the market's other products. */
function MarketProducts() {
  const { t } = useTranslation();
  return (
    <div className="market-products">
      <Section title={t('market.spotTitle')}>
        <div className="market-product">
          <IconSwap className="market-product__icon" />
          <p className="market-product__text">{t('market.spotText')}</p>
        </div>
        <EmptyState title={t('market.spotEmpty')} />
      </Section>
      <Section title={t('market.optionsTitle')}>
        <div className="market-product">
          <IconLayers className="market-product__icon" />
          <p className="market-product__text">{t('market.optionsText')}</p>
        </div>
        <EmptyState title={t('market.optionsEmpty')} />
      </Section>
    </div>
  );
}
