import type { ListLevelResult } from '@openbourse/contracts/levels.ts';
import { useTranslation } from 'react-i18next';
import { Page, Section } from '@/shared/components/page';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useFormat } from '@/shared/hooks/use-format';
import { useLevels } from '../level/api';
import '../profile.css';
import '../level/level.css';

/** /profile/level: the user's VIP level, 30-day volume, progress to the next, and the table. */
export default function LevelRoute() {
  const { t } = useTranslation();
  const levels = useLevels();
  useDocumentTitle(t('levels.title'));
  return (
    <Page title={t('levels.title')} subtitle={t('levels.subtitle')}>
      {levels.isError ? (
        <QueryError error={levels.error} onRetry={() => void levels.refetch()} />
      ) : !levels.data ? (
        <Skeleton height="12rem" />
      ) : (
        <LevelBody data={levels.data} />
      )}
    </Page>
  );
}

function LevelBody({ data }: { data: ListLevelResult }) {
  const { t } = useTranslation();
  const f = useFormat();
  const mine = data.mine;
  const pct = mine?.next ? Math.round(Number(mine.next.progress) * 100) : 100;
  return (
    <>
      {mine ? (
        <section className="card level-hero" data-testid="level-mine">
          <div className="level-hero__badge" data-testid="level-name">
            {mine.name}
          </div>
          <dl className="level-hero__figures">
            <div>
              <dt>{t('levels.volume30d')}</dt>
              <dd className="num" data-testid="level-volume">
                {f.money(mine.volume30d, 'USDT')}
              </dd>
            </div>
            <div>
              <dt>{t('levels.discount')}</dt>
              <dd className="num" data-testid="level-discount">
                {f.percent(mine.discount)}
              </dd>
            </div>
          </dl>
          {mine.next ? (
            <div className="level-progress">
              <div className="level-progress__label">
                <span>{t('levels.toNext', { name: mine.next.name })}</span>
                <span className="num" data-testid="level-remaining">
                  {t('levels.remaining', { amount: f.money(mine.next.remaining, 'USDT') })}
                </span>
              </div>
              <div
                className="level-progress__bar"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                aria-label={t('levels.toNext', { name: mine.next.name })}
              >
                <span style={{ inlineSize: `${pct}%` }} />
              </div>
            </div>
          ) : (
            <p className="level-hero__top">{t('levels.top')}</p>
          )}
          <p className="muted level-hero__note">{t('levels.dailyNote')}</p>
        </section>
      ) : null}
      <Section title={t('levels.table')}>
        {/* Scrolls sideways on a narrow screen: focusable, so a keyboard user can scroll it. */}
        <section
          className="card level-table-wrap"
          aria-label={t('levels.table')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be read by keyboard
          tabIndex={0}
        >
          <table className="level-table" data-testid="level-table">
            <thead>
              <tr>
                <th scope="col">{t('levels.level')}</th>
                <th scope="col">{t('levels.discount')}</th>
                <th scope="col">{t('levels.minVolume')}</th>
                <th scope="col">{t('levels.minBalance')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((l) => (
                <tr
                  key={l.id}
                  className={mine?.level === l.id ? 'is-current' : undefined}
                  data-testid={`level-row-${l.id}`}
                >
                  <th scope="row">{l.name}</th>
                  <td className="num">{f.percent(l.discount)}</td>
                  <td className="num">{f.money(l.minVolume, 'USDT')}</td>
                  <td className="num">{l.minBalance ? f.money(l.minBalance, 'USDT') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p className="muted">{t('levels.rule')}</p>
      </Section>
    </>
  );
}
