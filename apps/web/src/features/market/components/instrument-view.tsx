import type { MarketInfo } from '@openbourse/contracts/market.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavouriteStar } from '@/shared/components/favourite-star';
import { IconInfo } from '@/shared/components/icons';
import { InstrumentActions } from '@/shared/components/instrument-actions';
import { Badge } from '@openbourse/ui';
import { useFormat } from '@/shared/hooks/use-format';
import { useInstrumentName } from '@/shared/lib/instrument-name';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { direction } from './market-table';
import { ChartPanel } from './chart-panel';
import { OrderTicket } from './order-ticket';

/*
 * Options sit beside the margin ticket: a "Margin | Options" switch above it when the instrument
 * lists option series (nothing otherwise). Loaded on demand, like the Spot tab (market.tsx), so the
 * dependency goes one way and the margin ticket keeps its place while it loads.
 */
const OptionsSide = lazy(() =>
  import('@/features/options/components/options-side').then((m) => ({ default: m.OptionsSide })),
);

export function InstrumentHeader({ info }: { info: MarketInfo }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = useInstrumentName()(info.code, info.name);
  const tick = useLiveQuote(info.id);
  const q = tick && tick.ts >= info.quote.ts ? { ...info.quote, ...tick } : info.quote;
  const digits = { minFractionDigits: info.priceDecimals, maxFractionDigits: info.priceDecimals };
  const dir = direction(q.changePct);
  const sign = dir === 'up' ? '+' : '';
  return (
    <div className="instrument-head">
      <div className="instrument-head__title">
        <FavouriteStar instrumentId={info.id} code={info.code} name={name} />
        <h2 className="instrument-head__name">{name}</h2>
        <span className="instrument-head__code">{info.code}</span>
        <Badge tone={info.open ? 'accent' : 'warn'} testId="session-badge">
          {info.open ? t('market.view.sessionOpen') : t('market.view.sessionClosed')}
        </Badge>
        {q.simulated ? (
          <Badge tone="info" testId="instrument-simulated">
            <IconInfo />
            {t('market.view.simulated')}
          </Badge>
        ) : null}
        <InstrumentActions
          instrumentId={info.id}
          code={info.code}
          name={name}
          priceDecimals={info.priceDecimals}
          last={q.last}
        />
      </div>
      <dl className="instrument-head__quote">
        <div>
          <dt>{t('market.columns.last')}</dt>
          <dd className={`num num--strong change--${dir}`} data-testid="instrument-last">
            {format.decimal(q.last, digits)}
          </dd>
        </div>
        <div>
          <dt>{t('market.columns.change')}</dt>
          <dd className={`num change--${dir}`}>
            {/* An isolated left-to-right run: "+950.00 (+1.01%)" keeps its signs in front in Arabic. */}
            <span dir="ltr">
              {sign}
              {format.decimal(q.change, digits)} (
              {t('market.changeValue', {
                value: `${sign}${format.decimal(q.changePct, { minFractionDigits: 2, maxFractionDigits: 2 })}`,
              })}
              )
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('market.view.bid')}</dt>
          <dd className="num change--down" data-testid="instrument-bid">
            {format.decimal(q.bid, digits)}
          </dd>
        </div>
        <div>
          <dt>{t('market.view.ask')}</dt>
          <dd className="num change--up" data-testid="instrument-ask">
            {format.decimal(q.ask, digits)}
          </dd>
        </div>
      </dl>
      {!info.open && info.nextSessionChange ? (
        <p className="market-note">
          <IconInfo />
          {t('market.view.opensAt', { time: format.dateTime(new Date(info.nextSessionChange).toISOString()) })}
        </p>
      ) : null}
    </div>
  );
}

export function InstrumentView({ info }: { info: MarketInfo }) {
  const [product, setProduct] = useState<'margin' | 'options'>('margin');
  return (
    <div className="instrument-view" data-testid="instrument-view">
      <InstrumentHeader info={info} />
      <div className="instrument-view__body">
        <ChartPanel key={info.id} info={info} />
        <div className="instrument-view__side">
          <Suspense fallback={null}>
            <OptionsSide info={info} product={product} onProduct={setProduct} />
          </Suspense>
          {product === 'margin' ? <OrderTicket key={info.id} info={info} /> : null}
        </div>
      </div>
    </div>
  );
}
