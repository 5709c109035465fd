import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/components/empty-state';
import { IconSwap } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';

/** Currency exchange (user/dh): pairs with their rate and fee, and the history of exchanges. */
export default function ExchangeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.exchange.title'));
  return (
    <Page title={t('wallet.exchange.title')} subtitle={t('wallet.exchange.subtitle')}>
      <ModeBanner />
      <Section title={t('wallet.exchange.pairs')}>
        <table className="data-table data-table--empty">
          <thead>
            <tr>
              <th scope="col">{t('wallet.exchange.pair')}</th>
              <th scope="col" className="num">
                {t('wallet.exchange.rate')}
              </th>
              <th scope="col" className="num">
                {t('wallet.exchange.fee')}
              </th>
            </tr>
          </thead>
        </table>
        <EmptyState icon={<IconSwap />} title={t('wallet.exchange.empty')} text={t('wallet.exchange.emptyText')} />
      </Section>
      <Section title={t('wallet.exchange.history')}>
        <EmptyState title={t('wallet.exchange.historyEmpty')} />
      </Section>
    </Page>
  );
}
