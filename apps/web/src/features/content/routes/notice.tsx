import { Badge } from '@openbourse/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChevronRight, IconMegaphone } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { detailPath, useContentList } from '@/shared/api/list-contents';
import { isNewNotice, markNoticeRead } from '../lib/notice-new';
import '../content.css';

export default function NoticeRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useContentList(5);
  useDocumentTitle(t('notice.title'));
  return (
    <Page title={t('notice.title')} subtitle={t('notice.subtitle')}>
      <div className="card">
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={4} />
        ) : data.length === 0 ? (
          <EmptyState icon={<IconMegaphone />} title={t('notice.empty')} />
        ) : (
          <ul className="notice-list">
            {data.map((item) => (
              <li key={item.id}>
                <Link
                  to={detailPath(item)}
                  className="notice-list__item"
                  onClick={() => markNoticeRead(item.id)}
                  data-testid={`notice-${item.slug}`}
                >
                  <span className="notice-list__icon">
                    <IconMegaphone />
                  </span>
                  <span className="notice-list__body">
                    <span className="notice-list__title">
                      {item.title}
                      {isNewNotice(item, Date.now()) ? (
                        <span className="notice-new">
                          <Badge tone="accent" testId="notice-new">
                            {t('help.new')}
                          </Badge>
                        </span>
                      ) : null}
                    </span>
                    {item.summary ? <span className="notice-list__summary">{item.summary}</span> : null}
                    <time className="notice-list__date" dateTime={item.updatedAt}>
                      {format.date(item.updatedAt)}
                    </time>
                  </span>
                  <IconChevronRight className="notice-list__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
