import type { Quote } from '@openbourse/contracts/market.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@openbourse/ui';
import { FavouriteStar } from '@/shared/components/favourite-star';
import { useFormat } from '@/shared/hooks/use-format';
import { ltr } from '@/shared/lib/format';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { compareDecimal, isDecimal } from '@/shared/lib/decimal';
import { useInstrumentName } from '@/shared/lib/instrument-name';

/** "-1.25" → down, "0.00" → flat, anything else → up; decided on the string, not a float. */
export function direction(changePct: string): 'up' | 'down' | 'flat' {
  const v = changePct.trim();
  if (v.startsWith('-')) return /[1-9]/.test(v) ? 'down' : 'flat';
  return /[1-9]/.test(v) ? 'up' : 'flat';
}

/**
 * Matches a quote against the search box: code, the server's (English) name or the name shown in
 * the reader's language; case-, accent-, width- and separator-insensitive.
 */
export function matchesSearch(quote: Pick<Quote, 'code' | 'name'>, search: string, shownName?: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\s/._-]/g, '');
  const q = norm(search);
  return (
    !q ||
    norm(quote.code).includes(q) ||
    norm(quote.name).includes(q) ||
    (shownName !== undefined && norm(shownName).includes(q))
  );
}

/** 'up' / 'down' for a moment after the last price moves (the row flashes), then null. */
function useFlash(last: string): 'up' | 'down' | null {
  const previous = useRef(last);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = last;
    if (before === last || !isDecimal(before) || !isDecimal(last)) return;
    const cmp = compareDecimal(last, before);
    if (cmp === 0) return;
    setFlash((f) => ({ dir: cmp > 0 ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
    const timer = setTimeout(() => setFlash(null), 800);
    return () => clearTimeout(timer);
  }, [last]);
  return flash?.dir ?? null;
}

function MarketRow({
  quote,
  selected,
  onSelect,
}: {
  quote: Quote;
  selected: boolean;
  onSelect?: (quote: Quote) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = useInstrumentName()(quote.code, quote.name);
  const tick = useLiveQuote(quote.id);
  const q = tick && tick.ts >= quote.ts ? { ...quote, ...tick } : quote;
  const flash = useFlash(q.last);
  const digits = { minFractionDigits: q.priceDecimals, maxFractionDigits: q.priceDecimals };
  const dir = direction(q.changePct);
  const sign = dir === 'up' ? '+' : '';
  return (
    <tr
      data-testid={`market-row-${q.code}`}
      className={`market-row ${selected ? 'is-selected' : ''} ${onSelect ? 'is-clickable' : ''}`}
      onClick={onSelect ? () => onSelect(quote) : undefined}
    >
      <th scope="row">
        <span className="with-star">
          <FavouriteStar instrumentId={q.id} code={q.code} name={name} />
          <span className="instrument">
            {onSelect ? (
              <button
                type="button"
                className="instrument__code instrument__open"
                onClick={(e) => {
                  e.stopPropagation();
                  onSelect(quote);
                }}
              >
                {name}
              </button>
            ) : (
              <span className="instrument__code">{name}</span>
            )}
            <span className="instrument__meta">
              {q.code}
              {q.open ? null : <Badge>{t('market.closed')}</Badge>}
            </span>
          </span>
        </span>
      </th>
      <td
        className={`num num--strong ${flash ? `flash flash--${flash}` : ''}`}
        data-label={t('market.columns.last')}
        data-flash={flash ?? undefined}
      >
        {format.decimal(q.last, digits)}
      </td>
      <td className={`num change change--${dir}`} data-label={t('market.columns.change')}>
        {ltr(
          t('market.changeValue', {
            value: `${sign}${format.decimal(q.changePct, { minFractionDigits: 2, maxFractionDigits: 2 })}`,
          }),
        )}
      </td>
      <td className="num hide-mobile" data-label={t('market.columns.high')}>
        {format.decimal(q.high, digits)}
      </td>
      <td className="num hide-mobile" data-label={t('market.columns.low')}>
        {format.decimal(q.low, digits)}
      </td>
    </tr>
  );
}

export function MarketTable({
  quotes,
  selectedId,
  onSelect,
}: {
  quotes: readonly Quote[];
  selectedId?: number | null;
  onSelect?: (quote: Quote) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="data-table market-table">
        <thead>
          <tr>
            <th scope="col">{t('market.columns.instrument')}</th>
            <th scope="col" className="num">
              {t('market.columns.last')}
            </th>
            <th scope="col" className="num">
              {t('market.columns.change')}
            </th>
            <th scope="col" className="num hide-mobile">
              {t('market.columns.high')}
            </th>
            <th scope="col" className="num hide-mobile">
              {t('market.columns.low')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => (
            <MarketRow key={q.id} quote={q} selected={q.id === selectedId} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
