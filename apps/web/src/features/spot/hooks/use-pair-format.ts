import type { SpotPair } from '@openbourse/contracts/spot.ts';
import { LANGUAGE_TAGS, type Language } from '@openbourse/contracts/languages.ts';
import { useMemo } from 'react';
import { useFormat } from '@/shared/hooks/use-format';
import { ltr } from '@/shared/lib/format';
import { useSession } from '@/shared/session/use-session';
import { decimalsOf } from '../lib/order-math';

const timeFormats = new Map<Language, Intl.DateTimeFormat>();

/** "14:03:27" in the reader's language, Latin digits (the trade list's time column). */
function formatTime(ms: number, lang: Language): string {
  let f = timeFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    timeFormats.set(lang, f);
  }
  return f.format(new Date(ms));
}

/** "-1.25" → down, "0.00" → flat, otherwise up; decided on the string. */
export function directionOf(value: string | null): 'up' | 'down' | 'flat' {
  const v = value?.trim() ?? '';
  if (!/[1-9]/.test(v)) return 'flat';
  return v.startsWith('-') ? 'down' : 'up';
}

/**
 * A pair's figures as the page shows them: prices at the tick's decimals, quantities at the lot's,
 * amounts by the app's money rule; every one left to right where it carries a sign or a code.
 */
export function usePairFormat(pair: Pick<SpotPair, 'tickSize' | 'lotSize' | 'base' | 'quote'>) {
  const format = useFormat();
  const lang = useSession((s) => s.language);
  return useMemo(() => {
    const priceDigits = decimalsOf(pair.tickSize);
    const qtyDigits = decimalsOf(pair.lotSize);
    return {
      format,
      price: (v: string | null | undefined) =>
        v ? format.decimal(v, { minFractionDigits: priceDigits, maxFractionDigits: priceDigits }) : '—',
      qty: (v: string | null | undefined) =>
        v ? format.decimal(v, { minFractionDigits: qtyDigits, maxFractionDigits: qtyDigits }) : '—',
      /** An amount of the quote currency (a fee, a total), whole. */
      quote: (v: string) => format.money(v, pair.quote),
      base: (v: string) => format.money(v, pair.base),
      /** "+1.25%": the sign stays in front in right-to-left text. */
      change: (v: string | null) => {
        if (v === null) return '—';
        const sign = directionOf(v) === 'up' ? '+' : '';
        return ltr(`${sign}${format.decimal(v, { minFractionDigits: 2, maxFractionDigits: 2 })}%`);
      },
      time: (ms: number) => formatTime(ms, lang),
    };
  }, [format, lang, pair.tickSize, pair.lotSize, pair.base, pair.quote]);
}
