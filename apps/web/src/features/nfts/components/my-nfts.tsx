import type { MyNft } from '@openbourse/contracts/nfts.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconNft } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { apiUrl, type MyNftFilter, useMyNfts } from '../api/nfts';
import { Countdown, editionText, useNftFormat } from './nft-parts';

const FILTERS = ['all', 'owned', 'bidding', 'outbid', 'lost'] as const satisfies readonly MyNftFilter[];

/** The sale's receipt: what was paid, to which charity, when, how, and the ledger transfer. */
function Receipt({ row }: { row: MyNft }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const r = row.receipt;
  if (!r) return null;
  return (
    <dl className="details nft-receipt" data-testid="nft-receipt">
      <div className="details__row">
        <dt>{t('nfts.receipt.amount')}</dt>
        <dd className="num" data-testid="nft-receipt-amount">
          {f.money(r.amount, r.currency)}
        </dd>
      </div>
      <div className="details__row">
        <dt>{t('nfts.receipt.charity')}</dt>
        <dd data-testid="nft-receipt-charity">{r.charity}</dd>
      </div>
      <div className="details__row">
        <dt>{t('nfts.receipt.date')}</dt>
        <dd>{f.dateTime(r.at)}</dd>
      </div>
      <div className="details__row">
        <dt>{t('nfts.receipt.by')}</dt>
        <dd data-testid="nft-receipt-by">{t(`nfts.receipt.${r.by === 'buy_now' ? 'buyNow' : 'auction'}`)}</dd>
      </div>
      <div className="details__row">
        <dt>{t('nfts.receipt.transfer')}</dt>
        <dd className="num" data-testid="nft-receipt-transfer">
          #{r.transferId}
        </dd>
      </div>
    </dl>
  );
}

function MyRow({ row }: { row: MyNft }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const { item } = row;
  const live = row.state === 'bidding' || row.state === 'outbid';
  return (
    <li className="nft-mine" data-testid={`nft-mine-${item.id}`} data-state={row.state}>
      <Link to={`/nfts/${item.id}`} className="nft-mine__media">
        <img src={apiUrl(item.thumbnail)} alt={item.title} loading="lazy" />
      </Link>
      <div className="nft-mine__body">
        <div className="nft-mine__head">
          <Link to={`/nfts/${item.id}`} className="nft-mine__title">
            {item.title}
          </Link>
          <span className={`nft-badge nft-badge--${row.state}`} data-testid="nft-mine-state">
            {t(`nfts.mine.state.${row.state}`)}
          </span>
        </div>
        <p className="nft-mine__meta">
          {item.collectionTitle} · {editionText(item, f.integer)}
        </p>
        {live ? (
          <p className="nft-mine__meta">
            {t('nfts.mine.myBid')} <strong className="num">{f.money(item.mine?.myBid ?? null, item.currency)}</strong> ·{' '}
            {t('nfts.item.currentBid')} <strong className="num">{f.money(item.currentBid, item.currency)}</strong> ·{' '}
            <Countdown item={item} />
          </p>
        ) : null}
        {row.state === 'outbid' ? (
          <Link to={`/nfts/${item.id}`} className="nft-mine__action">
            {t('nfts.mine.bidAgain')}
          </Link>
        ) : null}
        <Receipt row={row} />
      </div>
    </li>
  );
}

/** My NFTs: owned (won or bought, with the receipt), bidding, outbid and lost. */
export function MyNfts() {
  const { t } = useTranslation();
  const [state, setState] = useState<MyNftFilter>('all');
  const query = useMyNfts(state);
  let body: ReactNode;
  if (query.error && !query.data) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <SkeletonRows rows={3} />;
  else if (query.rows.length === 0)
    body = <EmptyState icon={<IconNft />} title={t(state === 'all' ? 'nfts.mineEmpty' : 'nfts.mine.emptyState')} />;
  else
    body = (
      <>
        <ul className="nft-mine-list" data-testid="nft-mine-list">
          {query.rows.map((row) => (
            <MyRow key={row.item.id} row={row} />
          ))}
        </ul>
        <LoadMore query={query} testId="nft-mine-more" />
      </>
    );
  return (
    <div className="nft-mine-panel" data-testid="nft-mine">
      <fieldset className="nft-chips">
        <legend className="visually-hidden">{t('nfts.mine.filter')}</legend>
        {FILTERS.map((key) => (
          <label key={key} className={`nft-chip ${state === key ? 'is-active' : ''}`.trim()}>
            <input
              type="radio"
              name="nft-mine-filter"
              value={key}
              checked={state === key}
              onChange={() => setState(key)}
              data-testid={`nft-mine-filter-${key}`}
            />
            {t(`nfts.mine.filters.${key}`)}
          </label>
        ))}
      </fieldset>
      {body}
    </div>
  );
}
