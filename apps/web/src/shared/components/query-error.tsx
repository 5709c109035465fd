import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/api-client';
import { Button } from './button';
import { IconAlert } from './icons';

/** Inline error for a failed query, with its message and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="query-error" role="alert">
      <IconAlert className="query-error__icon" />
      <p className="query-error__text">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
