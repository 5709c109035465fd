import type { NftItem } from '@openbourse/contracts/nfts.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNow } from '@/shared/hooks/use-now';
import { apiUrl } from '../api/nfts';
import { Countdown, StatusBadge, editionText, useNftFormat } from './nft-parts';

/** One item in the grid: its image, title, price so far, time left and the charity it is sold for. */
export function NftCard({ item }: { item: NftItem }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const now = useNow(false);
  const sold = item.status === 'sold';
  const priceLabel = sold
    ? t('nfts.item.soldFor')
    : item.currentBid
      ? t('nfts.item.currentBid')
      : t('nfts.item.startPrice');
  const price = sold ? item.soldPrice : (item.currentBid ?? item.startPrice);
  return (
    <li className="nft-card" data-testid="nft-card" data-id={item.id}>
      <Link to={`/nfts/${item.id}`} className="nft-card__link" data-testid={`nft-card-link-${item.id}`}>
        <span className="nft-card__media">
          <img src={apiUrl(item.thumbnail)} alt="" loading="lazy" className="nft-card__img" />
          <StatusBadge item={item} now={now} />
        </span>
        <span className="nft-card__body">
          <span className="nft-card__collection">{item.collectionTitle}</span>
          <span className="nft-card__title">{item.title}</span>
          <span className="nft-card__meta">
            {t('nfts.item.byCreator', { creator: item.creator })} · {item.chain} ·{' '}
            <span data-testid="nft-card-edition">{editionText(item, f.integer)}</span>
          </span>
          <span className="nft-card__price">
            <span className="nft-card__label">{priceLabel}</span>
            <strong className="num" data-testid="nft-card-price">
              {f.money(price, item.currency)}
            </strong>
          </span>
          <Countdown item={item} testId="nft-card-countdown" />
          <span className="nft-card__charity">{t('nfts.item.forCharity', { charity: item.charity.name })}</span>
        </span>
      </Link>
    </li>
  );
}
