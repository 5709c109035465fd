import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { IconLayers } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ModeBanner } from '../components/mode-banner';
import '../wallet.css';

/** The spot (coin-to-coin) account: coins bought on the order book are held here. */
export default function BalanceSpotRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.spot.title'));
  return (
    <Page title={t('wallet.spot.title')} subtitle={t('wallet.spot.subtitle')}>
      <ModeBanner />
      <Section title={t('wallet.spot.coins')}>
        <table className="data-table data-table--empty">
          <thead>
            <tr>
              <th scope="col">{t('wallet.columns.currency')}</th>
              <th scope="col" className="num">
                {t('wallet.columns.available')}
              </th>
              <th scope="col" className="num">
                {t('wallet.columns.inOrders')}
              </th>
              <th scope="col" className="num">
                {t('wallet.columns.total')}
              </th>
            </tr>
          </thead>
        </table>
        <EmptyState
          icon={<IconLayers />}
          title={t('wallet.spot.empty')}
          text={t('wallet.spot.emptyText')}
          action={
            <ButtonLink to="/market" variant="secondary" size="sm">
              {t('wallet.spot.toMarkets')}
            </ButtonLink>
          }
        />
      </Section>
      <Section title={t('wallet.spot.orders')}>
        <EmptyState title={t('wallet.spot.ordersEmpty')} />
      </Section>
    </Page>
  );
}
