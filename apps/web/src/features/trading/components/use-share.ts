import { LANGUAGE_TAGS } from '@openbourse/contracts/languages.ts';
import { useMemo } from 'react';
import { formatPercentFromFraction } from '@/shared/lib/format';
import { useSession } from '@/shared/session/use-session';

/** A share of the principal as a percentage, with every digit it has ("0.008" → "0.8%", "0.05" → "5%"). */
export function useShare() {
  const lang = useSession((s) => s.language);
  return (share: string) => formatPercentFromFraction(share, lang, 6);
}

/** A number of days in words, with the language's own plural ("1 day", "7 days", "٧ أيام" in Latin digits). */
export function useDays() {
  const lang = useSession((s) => s.language);
  return useMemo(() => {
    const f = new Intl.NumberFormat(LANGUAGE_TAGS[lang], {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
      numberingSystem: 'latn',
    });
    return (days: number) => f.format(days);
  }, [lang]);
}
