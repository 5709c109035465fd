import type { ContentSummary } from '@openbourse/contracts/content.ts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { IconChevronDown, IconHelp } from '@/shared/components/icons';
import { Page } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton, SkeletonRows } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useContent } from '../api/get-content';
import { useContentList } from '@/shared/api/list-contents';
import { ContentBody } from '@openbourse/ui';
import '../content.css';

function FaqItem({ item, initiallyOpen }: { item: ContentSummary; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  // The answer is fetched the first time the question is opened.
  const { data, isPending, error, refetch } = useContent(item.id, { enabled: open });
  return (
    <li className={`faq-item ${open ? 'is-open' : ''}`} id={`faq-${item.id}`}>
      <h2 className="faq-item__heading">
        <button
          type="button"
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          data-testid={`faq-${item.slug}`}
        >
          <span>{item.title}</span>
          <IconChevronDown className="faq-item__chevron" />
        </button>
      </h2>
      {open ? (
        <div className="faq-item__panel" id={panelId}>
          {error ? (
            <QueryError error={error} onRetry={() => void refetch()} />
          ) : isPending ? (
            <div aria-hidden="true" className="article__skeleton">
              <Skeleton width="92%" />
              <Skeleton width="70%" />
            </div>
          ) : (
            <ContentBody body={data.body} />
          )}
        </div>
      ) : null}
    </li>
  );
}

export default function FaqRoute() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { data, isPending, error, refetch } = useContentList(4);
  useDocumentTitle(t('faq.title'));
  useEffect(() => {
    if (!hash || !data) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, data]);
  return (
    <Page title={t('faq.title')} subtitle={t('faq.subtitle')}>
      <div className="card">
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SkeletonRows rows={6} />
        ) : data.length === 0 ? (
          <EmptyState icon={<IconHelp />} title={t('faq.empty')} />
        ) : (
          <ul className="faq-list">
            {data.map((item) => (
              <FaqItem key={item.id} item={item} initiallyOpen={hash === `#faq-${item.id}`} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
