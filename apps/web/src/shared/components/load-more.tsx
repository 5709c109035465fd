import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { QueryError } from './query-error';

/**
 * The foot of a paged list: "Load more" while there is a next page, or the error of the page that
 * failed with its retry. `onLoadMore` fetches the next page (and may move focus to its first row).
 */
export function LoadMore(props: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
  onLoadMore?: () => void;
  testId: string;
  size?: 'sm';
}) {
  const { t } = useTranslation();
  const { query } = props;
  const load = props.onLoadMore ?? (() => void query.fetchNextPage());
  if (query.isFetchNextPageError && query.error) {
    return <QueryError error={query.error} onRetry={() => void query.fetchNextPage()} />;
  }
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      <Button
        variant="secondary"
        {...(props.size ? { size: props.size } : {})}
        loading={query.isFetchingNextPage}
        onClick={load}
        data-testid={props.testId}
      >
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
