import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconDocument } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { ApiError } from '@/shared/lib/api-client';
import { parseContentRef, useContent } from '../api/get-content';
import { ContentBody } from '@openbourse/ui';
import '../content.css';

export default function DetailRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const id = parseContentRef(params.get('id'));
  const titleHint = params.get('title') ?? '';
  const { data, isPending, error, refetch } = useContent(id);
  const title = data?.title ?? titleHint;
  useDocumentTitle(title || t('detail.title'));

  if (id === null || (error instanceof ApiError && error.is(ErrorCode.NotFound, ErrorCode.NoRecord))) {
    return (
      <Page title={titleHint || t('detail.title')}>
        <div className="card">
          <EmptyState
            icon={<IconDocument />}
            title={t('detail.notFound')}
            action={<Link to="/help">{t('detail.toHelp')}</Link>}
          />
        </div>
      </Page>
    );
  }

  return (
    <Page
      title={title || <Skeleton width="50%" />}
      subtitle={data ? t('detail.updated', { date: format.date(data.updatedAt) }) : undefined}
    >
      <article className="card article">
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <div className="article__skeleton" aria-hidden="true">
            <Skeleton width="90%" />
            <Skeleton width="96%" />
            <Skeleton width="80%" />
            <Skeleton width="40%" height="1.4em" />
            <Skeleton width="94%" />
            <Skeleton width="70%" />
          </div>
        ) : (
          <>
            {data.summary ? <p className="article__summary">{data.summary}</p> : null}
            <ContentBody body={data.body} />
          </>
        )}
      </article>
    </Page>
  );
}
