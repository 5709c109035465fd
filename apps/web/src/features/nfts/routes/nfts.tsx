import { NFT_LIST_FILTERS } from '@openbourse/contracts/nfts.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconNft } from '@/shared/components/icons';
import { LoadMore } from '@/shared/components/load-more';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { Tabs } from '@/shared/components/tabs';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import { type NftFilter, useNftList } from '../api/nfts';
import { DonationTotal } from '../components/donation-total';
import { MyNfts } from '../components/my-nfts';
import { NftCard } from '../components/nft-card';
import { NftFilters } from '../components/nft-filters';
import { ChainNotice } from '../components/nft-parts';
import '../nfts.css';

type NftTab = 'market' | 'mine';

const isFilter = (v: string | null): v is NftFilter => (NFT_LIST_FILTERS as readonly (string | null)[]).includes(v);

/**
 * /nfts (spec §2, §3 NFT): the public donation total, the items of every collection by state and
 * collection, and the signed-in user's NFTs. The tab, filter and collection live in the address so
 * each view can be linked and survives a reload.
 */
export default function NftsRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [params, setParams] = useSearchParams();
  const tab: NftTab = params.get('tab') === 'mine' ? 'mine' : 'market';
  const rawFilter = params.get('filter');
  const filter: NftFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const collectionParam = Number(params.get('collection'));
  const collectionId = Number.isSafeInteger(collectionParam) && collectionParam > 0 ? collectionParam : null;
  useDocumentTitle(t('nfts.title'));
  const list = useNftList(filter, collectionId);
  const meta = list.meta;

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );

  let market: ReactNode;
  if (list.error && !meta) market = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.isPending) market = <SkeletonRows rows={4} />;
  else if (list.items.length === 0)
    market = (
      <EmptyState
        icon={<IconNft />}
        title={filter === 'all' && collectionId === null ? t('nfts.marketEmpty') : t('nfts.filterEmpty')}
        text={t('nfts.marketEmptyText')}
      />
    );
  else
    market = (
      <>
        <ul className="nft-grid" data-testid="nft-grid">
          {list.items.map((item) => (
            <NftCard key={item.id} item={item} />
          ))}
        </ul>
        <LoadMore query={list} testId="nft-load-more" />
      </>
    );

  const chains = [...new Set((meta?.collections ?? []).map((c) => c.chain))].join(', ');

  return (
    <Page title={t('nfts.title')} subtitle={t('nfts.subtitle')}>
      <div className="nft-page" data-testid="nft-page">
        <DonationTotal meta={meta} />
        <Section>
          <Tabs
            idPrefix="nfts"
            label={t('nfts.title')}
            value={tab}
            onChange={(key) => update({ tab: key === 'mine' ? 'mine' : null })}
            items={[
              { key: 'market', label: t('nfts.tabMarket'), testId: 'nfts-tab-market' },
              { key: 'mine', label: t('nfts.tabMine'), testId: 'nfts-tab-mine' },
            ]}
          />
          <div id="nfts-panel" role="tabpanel" aria-labelledby={`nfts-tab-${tab}`} className="nft-panel">
            {tab === 'market' ? (
              <>
                <NftFilters
                  filter={filter}
                  collectionId={collectionId}
                  collections={meta?.collections ?? []}
                  onChange={(next) =>
                    update({
                      filter: next.filter === 'all' ? null : next.filter,
                      collection: next.collectionId === null ? null : String(next.collectionId),
                    })
                  }
                />
                {market}
                {meta && chains ? <ChainNotice chain={chains} adapter={meta.chainAdapter} /> : null}
              </>
            ) : isLoggedIn ? (
              <MyNfts />
            ) : (
              <LoginPrompt text={t('nfts.mineLogin')} />
            )}
          </div>
        </Section>
      </div>
    </Page>
  );
}
