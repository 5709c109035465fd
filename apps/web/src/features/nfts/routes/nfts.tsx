import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconHeart, IconNft } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { Page, Section } from '@/shared/components/page';
import { Tabs } from '@/shared/components/tabs';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSession } from '@/shared/session/use-session';
import '../nfts.css';

type NftTab = 'market' | 'mine';

export default function NftsRoute() {
  const { t } = useTranslation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [tab, setTab] = useState<NftTab>('market');
  useDocumentTitle(t('nfts.title'));
  return (
    <Page title={t('nfts.title')} subtitle={t('nfts.subtitle')}>
      <section className="card nft-cause">
        <IconHeart className="nft-cause__icon" />
        <div>
          <h2 className="nft-cause__title">{t('nfts.causeTitle')}</h2>
          <p className="nft-cause__text">{t('nfts.causeText')}</p>
        </div>
      </section>
      <Section>
        <Tabs
          idPrefix="nfts"
          label={t('nfts.title')}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'market', label: t('nfts.tabMarket'), testId: 'nfts-tab-market' },
            { key: 'mine', label: t('nfts.tabMine'), testId: 'nfts-tab-mine' },
          ]}
        />
        <div id="nfts-panel" role="tabpanel" aria-labelledby={`nfts-tab-${tab}`}>
          {tab === 'market' ? (
            <EmptyState icon={<IconNft />} title={t('nfts.marketEmpty')} text={t('nfts.marketEmptyText')} />
          ) : isLoggedIn ? (
            <EmptyState icon={<IconNft />} title={t('nfts.mineEmpty')} />
          ) : (
            <LoginPrompt text={t('nfts.mineLogin')} />
          )}
        </div>
      </Section>
    </Page>
  );
}
