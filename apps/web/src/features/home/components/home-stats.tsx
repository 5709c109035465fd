import { useTranslation } from 'react-i18next';
import { QueryError } from '@/shared/components/query-error';
import { Skeleton } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { useHomeStats } from '../api/get-home-stats';

/** The platform's own figures, computed by the server from live data (DESIGN §1.3). */
export function HomeStats() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useHomeStats();
  if (error) {
    return (
      <section className="home-stats home-stats--error" aria-label={t('home.stats.title')}>
        <QueryError error={error} onRetry={() => void refetch()} />
      </section>
    );
  }
  const items = [
    {
      id: 'volume',
      label: t('home.stats.volume'),
      value: data ? t('home.stats.volumeValue', { value: format.compact(data.volume24hUsdt) }) : null,
    },
    {
      id: 'instruments',
      label: t('home.stats.instruments'),
      value: data ? format.integer(data.listedInstruments) : null,
    },
    { id: 'users', label: t('home.stats.users'), value: data ? format.compact(data.registeredUsers) : null },
    {
      id: 'fee',
      label: t('home.stats.fee'),
      value: data ? t('home.stats.feeValue', { value: format.percent(data.lowestFeeRate) }) : null,
    },
  ];
  return (
    <section className="home-stats" aria-label={t('home.stats.title')} aria-busy={isPending} data-testid="home-stats">
      <dl className="home-stats__grid">
        {items.map((item) => (
          <div key={item.id} className="home-stats__item">
            <dt className="home-stats__label">{item.label}</dt>
            <dd className="home-stats__value" data-testid={`home-stat-${item.id}`}>
              {item.value ?? <Skeleton width="60%" height="1em" />}
            </dd>
          </div>
        ))}
      </dl>
      {data ? <p className="home-stats__asof">{t('home.stats.asOf', { time: format.dateTime(data.asOf) })}</p> : null}
    </section>
  );
}
