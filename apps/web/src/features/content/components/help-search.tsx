import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/components/button';
import { IconSearch } from '@/shared/components/icons';
import { QueryError } from '@/shared/components/query-error';
import { SkeletonRows } from '@/shared/components/skeleton';
import { TextField } from '@/shared/components/text-field';
import { detailPath } from '@/shared/api/list-contents';
import { HELP_PAGE_SIZE, HELP_QUERY_MAX, useHelpSearch } from '../api/search-help';
import { markNoticeRead } from '../lib/notice-new';

const NOTICE = 5;

/** Search across FAQ and notices in the user's language; results link to the item (text only, no HTML). */
export function HelpSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching, error, refetch } = useHelpSearch(q, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text);
    setPage(1);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / HELP_PAGE_SIZE)) : 1;
  return (
    <div className="card help-search" data-testid="help-search">
      <form className="help-search__form" onSubmit={submit}>
        <TextField
          label={t('help.search.label')}
          type="search"
          maxLength={HELP_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('help.search.placeholder')}
          leading={
            <span className="help-search__icon" aria-hidden="true">
              <IconSearch />
            </span>
          }
          testId="help-search-input"
        />
        <Button type="submit" data-testid="help-search-submit">
          {t('help.search.submit')}
        </Button>
      </form>
      {q.trim() === '' ? null : error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <SkeletonRows rows={3} />
      ) : data.total === 0 ? (
        <p className="muted" data-testid="help-search-empty">
          {t('help.search.empty', { q: q.trim() })}
        </p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('help.search.count', { count: data.total })}
          </p>
          <ul className="link-list help-search__results" aria-busy={isFetching}>
            {data.list.map((hit) => (
              <li key={hit.id}>
                <Link
                  to={hit.type === NOTICE ? detailPath(hit) : `/help/faq#faq-${hit.id}`}
                  className="link-list__item"
                  onClick={() => hit.type === NOTICE && markNoticeRead(hit.id)}
                  data-testid={`help-hit-${hit.slug}`}
                >
                  <span className="help-search__hit">
                    <small className="link-list__meta">
                      {hit.type === NOTICE ? t('help.noticeTitle') : t('help.faqTitle')}
                    </small>
                    <span className="help-search__title">{hit.title}</span>
                    {hit.snippet || hit.summary ? (
                      <span className="help-search__snippet">{hit.snippet || hit.summary}</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className="help-search__pager">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('info.history.newer')}
              </Button>
              <span className="muted">{t('info.history.page', { page, pages })}</span>
              <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('info.history.older')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
