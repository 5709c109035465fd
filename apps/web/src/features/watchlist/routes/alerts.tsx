import type { PriceAlert } from '@openbourse/contracts/watchlist.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFavourites } from '@/shared/api/favourites';
import { ButtonLink } from '@/shared/components/button';
import { EmptyState } from '@/shared/components/empty-state';
import { FavouriteStar } from '@/shared/components/favourite-star';
import { IconBell, IconStar } from '@/shared/components/icons';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { errorMessage } from '@/shared/lib/api-client';
import { useInstrumentName } from '@/shared/lib/instrument-name';
import { usePriceAlerts } from '../api/list-price-alerts';
import { useRemovePriceAlert } from '../api/remove-price-alert';
import { AlertItem } from '../components/alert-item';
import '../watchlist.css';

/**
 * /profile/alerts (logged in): the price alerts waiting and those fired (each with the recorded
 * tick that fired it), and the favourites, each removable here.
 */
export default function AlertsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('watchlist.title'));
  const alerts = usePriceAlerts();
  const favourites = useFavourites();
  const remove = useRemovePriceAlert();
  const nameOf = useInstrumentName();
  const onDelete = (alert: PriceAlert) =>
    remove.mutate(alert.id, {
      onSuccess: () => toast.success(t('watchlist.deleted')),
      onError: (e) => toast.error(errorMessage(e)),
    });
  const list = (items: readonly PriceAlert[], testId: string) => (
    <ul className="alert-list" data-testid={testId}>
      {items.map((a) => (
        <AlertItem key={a.id} alert={a} onDelete={onDelete} deleting={remove.isPending && remove.variables === a.id} />
      ))}
    </ul>
  );

  let waiting: ReactNode;
  let fired: ReactNode = null;
  if (alerts.error && !alerts.data) {
    waiting = <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />;
  } else if (!alerts.data) {
    waiting = <SkeletonRows rows={3} />;
  } else {
    waiting =
      alerts.data.active.length === 0 ? (
        <EmptyState
          icon={<IconBell />}
          title={t('watchlist.emptyAlerts')}
          text={t('watchlist.emptyAlertsText')}
          action={
            <ButtonLink to="/market" size="sm">
              {t('watchlist.toMarket')}
            </ButtonLink>
          }
        />
      ) : (
        list(alerts.data.active, 'alerts-waiting')
      );
    if (alerts.data.fired.length > 0) fired = list(alerts.data.fired, 'alerts-fired');
  }

  const favs = favourites.data?.list ?? [];
  return (
    <Page title={t('watchlist.title')} subtitle={t('watchlist.subtitle')}>
      <Section
        title={t('watchlist.waiting')}
        actions={
          alerts.data ? (
            <span className="section__count" data-testid="alerts-count">
              {t('watchlist.ofMax', { n: alerts.data.active.length, max: alerts.data.max })}
            </span>
          ) : null
        }
      >
        <div aria-busy={alerts.isPending} data-testid="alerts-page">
          {waiting}
        </div>
      </Section>
      {fired ? <Section title={t('watchlist.fired')}>{fired}</Section> : null}
      <Section
        title={t('watchlist.favourites')}
        actions={
          favourites.data ? (
            <span className="section__count">{t('watchlist.ofMax', { n: favs.length, max: favourites.data.max })}</span>
          ) : null
        }
      >
        {favourites.error && !favourites.data ? (
          <QueryError error={favourites.error} onRetry={() => void favourites.refetch()} />
        ) : !favourites.data ? (
          <SkeletonRows rows={2} />
        ) : favs.length === 0 ? (
          <EmptyState
            icon={<IconStar />}
            title={t('watchlist.emptyFavourites')}
            text={t('watchlist.emptyFavouritesText')}
          />
        ) : (
          <ul className="favourite-list" data-testid="favourites-list">
            {favs.map((f) => (
              <li key={f.instrumentId} className="favourite-list__item">
                <FavouriteStar instrumentId={f.instrumentId} code={f.code} name={nameOf(f.code, f.code)} />
                <Link to={`/market?id=${encodeURIComponent(f.code)}`} className="favourite-list__link">
                  {f.code}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
