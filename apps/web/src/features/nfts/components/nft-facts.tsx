import type { NftDetail } from '@openbourse/contracts/nfts.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { editionText, useNftFormat } from './nft-parts';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The item's facts: collection, creator, chain, edition, prices and the reserve. */
export function NftFacts({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const money = (v: string | null) => f.money(v, item.currency);
  return (
    <dl className="details nft-facts" data-testid="nft-facts">
      <Fact label={t('nfts.item.collection')} testId="nft-fact-collection">
        {item.collectionTitle}
      </Fact>
      <Fact label={t('nfts.item.creator')} testId="nft-fact-creator">
        {item.creator}
      </Fact>
      <Fact label={t('nfts.item.chain')} testId="nft-fact-chain">
        {item.chain}
      </Fact>
      <Fact label={t('nfts.item.edition')} testId="nft-fact-edition">
        {editionText(item, f.integer)}
      </Fact>
      <Fact label={t('nfts.item.startPrice')} testId="nft-fact-start">
        <span className="num">{money(item.startPrice)}</span>
      </Fact>
      <Fact label={t('nfts.item.reserve')} testId="nft-fact-reserve">
        <span className="num">{money(item.reserve)}</span>{' '}
        <span className={`nft-reserve ${item.reserveMet ? 'is-met' : ''}`} data-testid="nft-reserve-state">
          {item.reserveMet ? t('nfts.item.reserveMet') : t('nfts.item.reserveNotMet')}
        </span>
      </Fact>
      {item.buyNow ? (
        <Fact label={t('nfts.item.buyNow')} testId="nft-fact-buy-now">
          <span className="num">{money(item.buyNow)}</span>
        </Fact>
      ) : null}
      <Fact label={t('nfts.item.bids')} testId="nft-fact-bids">
        {f.integer(item.bids)}
      </Fact>
      <Fact label={t('nfts.item.startsAt')} testId="nft-fact-start-at">
        {f.dateTime(item.startAt)}
      </Fact>
      <Fact label={t('nfts.item.endsAt')} testId="nft-fact-end-at">
        {f.dateTime(item.endAt)}
        {item.endAt > item.originalEndAt ? (
          <span className="nft-facts__was">{t('nfts.item.listedEnd', { time: f.dateTime(item.originalEndAt) })}</span>
        ) : null}
      </Fact>
    </dl>
  );
}

/** The auction's rules in plain words: the step, the anti-sniping extension, the reserve, buy now. */
export function NftRules({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const money = (v: string) => f.money(v, item.currency);
  return (
    <ul className="nft-rules" data-testid="nft-rules">
      <li>{t('nfts.rules.first', { start: money(item.startPrice) })}</li>
      <li data-testid="nft-rule-step">{t('nfts.rules.step', { step: f.step(item.bidStepBps) })}</li>
      {item.extendSeconds > 0 ? (
        <li data-testid="nft-rule-extend">{t('nfts.rules.extend', { minutes: f.minutes(item.extendSeconds) })}</li>
      ) : null}
      <li data-testid="nft-rule-reserve">{t('nfts.rules.reserve', { reserve: money(item.reserve) })}</li>
      <li>{t('nfts.rules.hold', { charity: item.charity.name })}</li>
      {item.buyNow ? (
        <li>{t('nfts.rules.buyNow', { price: money(item.buyNow), charity: item.charity.name })}</li>
      ) : null}
    </ul>
  );
}

/** The charity the item is sold for, what it has received so far, and its site. */
export function CharityCard({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const c = item.charityDetail;
  return (
    <div className="nft-charity" data-testid="nft-charity">
      <p className="nft-charity__name">{c.name}</p>
      {c.description ? <p className="nft-charity__text">{c.description}</p> : null}
      <p className="nft-charity__total">
        {t('nfts.charity.donated')}{' '}
        <strong className="num" data-testid="nft-charity-donated">
          {f.money(c.donated, c.currency)}
        </strong>
      </p>
      {c.website ? (
        <a href={c.website} target="_blank" rel="noopener noreferrer" className="nft-charity__link">
          {t('nfts.charity.website')}
        </a>
      ) : null}
    </div>
  );
}
