import type { NftDetail } from '@openbourse/contracts/nfts.ts';
import { useTranslation } from 'react-i18next';
import { useNftFormat } from './nft-parts';

/** The bids, newest first: masked bidders, "you" for mine, and the bids that moved the end. */
export function BidHistory({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const leadLabel =
    item.status === 'sold' && item.soldBy === 'auction'
      ? t('nfts.history.winner')
      : item.status === 'live' || item.status === 'ended'
        ? t('nfts.history.leading')
        : null;
  if (item.history.length === 0)
    return (
      <p className="section__text" data-testid="nft-history-empty">
        {t('nfts.history.empty')}
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="data-table nft-history" data-testid="nft-history">
        <thead>
          <tr>
            <th scope="col">{t('nfts.history.bidder')}</th>
            <th scope="col">{t('nfts.history.amount')}</th>
            <th scope="col">{t('nfts.history.time')}</th>
          </tr>
        </thead>
        <tbody>
          {item.history.map((bid, i) => (
            <tr
              key={`${bid.at}-${bid.amount}`}
              className={bid.mine ? 'is-mine' : undefined}
              data-testid="nft-history-row"
              data-mine={bid.mine}
            >
              <td>
                {bid.mine ? <strong>{t('nfts.history.you')}</strong> : bid.bidder}
                {i === 0 && leadLabel ? (
                  <span className="nft-badge nft-badge--live nft-history__lead">{leadLabel}</span>
                ) : null}
              </td>
              <td className="num">{f.money(bid.amount, item.currency)}</td>
              <td>
                {f.dateTime(bid.at)}
                {bid.extendedTo !== null ? (
                  <span className="nft-history__extended" data-testid="nft-history-extended">
                    {t('nfts.history.extendedTo', { time: f.dateTime(bid.extendedTo) })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
