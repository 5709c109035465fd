import type { OptionDirection } from '@openbourse/contracts/options.ts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '@/shared/components/skeleton';
import { useFormat } from '@/shared/hooks/use-format';
import { formatDate, formatPercentFromFraction, ltr } from '@/shared/lib/format';
import { signOf } from '@/shared/lib/decimal';
import { useSession } from '@/shared/session/use-session';
import { useRecordedTick } from '../api/options';
import { formatCountdown, formatPeriod } from '../lib/option-figures';

/** How many decimals a decimal string carries ("95020.50" → 2). */
const decimalsOf = (v: string) => v.split('.')[1]?.length ?? 0;

/** The formatters of the options feature, bound to the language. */
export function useOptionFormat() {
  const format = useFormat();
  const lang = useSession((s) => s.language);
  return useMemo(
    () => ({
      /** A price with every digit it has; with `like`, at least as many decimals as that price. */
      price: (v: string | null, like?: string) =>
        v ? format.decimal(v, { minFractionDigits: decimalsOf(like ?? v), maxFractionDigits: 12 }) : '—',
      money: (v: string | null, currency: string) => (v ? format.money(v, currency) : '—'),
      pnl: (v: string | null, currency: string) => (v ? format.money(v, currency, { signed: true }) : '—'),
      /** A share as a percentage with up to `digits` decimals ("0.0125" → "1.25%"). */
      percent: (v: string, digits = 4) => ltr(formatPercentFromFraction(v, lang, digits)),
      quantity: (v: string) => format.decimal(v, { minFractionDigits: 0, maxFractionDigits: 12 }),
      /** Date and time to the second: a 5-minute option's expiry needs its seconds. */
      time: (ms: number | null) =>
        ms === null
          ? '—'
          : `\u2068${formatDate(new Date(ms).toISOString(), lang, { dateStyle: 'medium', timeStyle: 'medium' })}\u2069`,
      period: (seconds: number, display: 'short' | 'long' = 'short') => formatPeriod(seconds, lang, display),
      countdown: (msLeft: number) => ltr(formatCountdown(msLeft, lang)),
    }),
    [format, lang],
  );
}

export const pnlClass = (v: string | null) =>
  `num change--${!v ? 'flat' : signOf(v) > 0 ? 'up' : signOf(v) < 0 ? 'down' : 'flat'}`;

export function Row({
  label,
  children,
  testId,
  strong,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={strong ? 'num num--strong' : 'num'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function DirectionBadge({ direction }: { direction: OptionDirection }) {
  const { t } = useTranslation();
  return (
    <span className={`opt-dir opt-dir--${direction}`} data-testid="option-direction">
      {t(`options.direction.${direction}`)}
    </span>
  );
}

/** The recorded tick that priced a strike or a settlement, as the market stored it (DESIGN §1.3). */
export function TickTrace({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useOptionFormat();
  const { data, error } = useRecordedTick(id);
  if (error) return <p className="market-note">{t('options.tick.error')}</p>;
  if (!data) return <SkeletonRows rows={1} />;
  return (
    <section className="opt-tick" data-testid="option-tick-trace" aria-label={t('options.tick.title', { id })}>
      <h4 className="opt-tick__title">{t('options.tick.title', { id })}</h4>
      <dl className="opt-list">
        <Row label={t('options.tick.price')} testId="option-tick-last">
          {f.price(data.last)}
        </Row>
        <Row label={t('options.tick.bidAsk')}>
          {f.price(data.bid)} / {f.price(data.ask)}
        </Row>
        <Row label={t('options.tick.observed')}>{f.time(data.ts)}</Row>
        <Row label={t('options.tick.source')}>{t(`market.tick.sources.${data.source}`)}</Row>
      </dl>
    </section>
  );
}

/** "#1234": a button that shows or hides the recorded tick (drawn by the caller, below its list). */
export function TickRef({
  id,
  open,
  onToggle,
  testId,
}: {
  id: number;
  open: boolean;
  onToggle(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--link btn--sm num opt-tick-link"
      aria-expanded={open}
      aria-label={t('options.tick.show', { id })}
      onClick={onToggle}
      data-testid={testId}
    >
      #{id}
    </button>
  );
}

/** Which one recorded tick a card shows (one at a time). */
export function useTraced() {
  const [traced, setTraced] = useState<number | null>(null);
  return {
    traced,
    ref: (id: number, testId: string) => (
      <TickRef id={id} open={traced === id} onToggle={() => setTraced(traced === id ? null : id)} testId={testId} />
    ),
    trace: traced === null ? null : <TickTrace id={traced} />,
  };
}
