import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('common.loading')}>
      <span className="page-loader__mark" />
    </div>
  );
}

/** Shown when a page's code fails to load (e.g. a new deploy replaced the chunk) or a page throws. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="route-error" role="alert">
      <IconAlert className="route-error__icon" />
      <h1 className="route-error__title">{t('routeError.title')}</h1>
      <p className="route-error__text">{t('routeError.text')}</p>
      <div className="route-error__actions">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          {t('routeError.home')}
        </ButtonLink>
      </div>
    </div>
  );
}
