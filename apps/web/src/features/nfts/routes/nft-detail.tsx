import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconBack, IconNft } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ApiError } from '@/shared/lib/api-client';
import { useNftDetail } from '../api/nfts';
import { ActionPanel } from '../components/action-panel';
import { BidHistory } from '../components/bid-history';
import { ImageZoom } from '../components/image-zoom';
import { CharityCard, NftFacts, NftRules } from '../components/nft-facts';
import { ChainNotice } from '../components/nft-parts';
import '../nfts.css';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/nfts" className="nft-back" data-testid="nft-back">
      <IconBack /> {t('nfts.back')}
    </Link>
  );
}

/**
 * /nfts/:id: one item, linkable. The image with its zoom, the price and time left with bid and buy
 * now, the charity, the facts and rules, and the bid history; refreshed every 5 s while live.
 */
export default function NftDetailRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: item, error, isPending, refetch } = useNftDetail(id);
  useDocumentTitle(item ? `${item.title} · ${t('nfts.title')}` : t('nfts.title'));

  if (!Number.isSafeInteger(id) || id <= 0 || (error instanceof ApiError && error.is(ErrorCode.NotFound) && !item))
    return (
      <Page>
        <BackLink />
        <EmptyState icon={<IconNft />} title={t('nfts.notFound')} />
      </Page>
    );
  if (!item)
    return (
      <Page>
        <BackLink />
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={6} />
        ) : null}
      </Page>
    );

  return (
    <Page>
      <div className="nft-detail" data-testid="nft-detail" data-status={item.status}>
        <BackLink />
        <div className="nft-detail__top">
          <div className="nft-detail__media">
            <ImageZoom item={item} />
          </div>
          <div className="nft-detail__main">
            <p className="nft-detail__collection">{item.collection.title}</p>
            <h1 className="page__title nft-detail__title" data-testid="nft-title">
              {item.title}
            </h1>
            <p className="nft-detail__by">
              {t('nfts.item.byCreator', { creator: item.creator })} ·{' '}
              {t('nfts.item.forCharity', { charity: item.charity.name })}
            </p>
            <ActionPanel item={item} />
            <ChainNotice chain={item.chain} adapter={item.chainAdapter} />
          </div>
        </div>
        {item.story ? (
          <Section title={t('nfts.item.story')}>
            <p className="nft-detail__story">{item.story}</p>
          </Section>
        ) : null}
        <div className="nft-detail__cols">
          <Section title={t('nfts.history.title')} className="nft-detail__history">
            <BidHistory item={item} />
          </Section>
          <Section title={t('nfts.charity.title')} className="nft-detail__charity">
            <CharityCard item={item} />
          </Section>
        </div>
        <div className="nft-detail__cols">
          <Section title={t('nfts.item.details')}>
            <NftFacts item={item} />
          </Section>
          <Section title={t('nfts.rules.title')}>
            <NftRules item={item} />
          </Section>
        </div>
      </div>
    </Page>
  );
}
