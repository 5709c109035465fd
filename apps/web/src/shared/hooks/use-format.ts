import { useMemo } from 'react';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatPercentFromFraction,
} from '@/shared/lib/format';
import { useSession } from '@/shared/session/use-session';

/**
 * Dates contain neutral characters (slashes, commas) that the bidi algorithm reorders inside
 * right-to-left text; first-strong isolation keeps them in their own order.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The formatters bound to the current language. */
export function useFormat() {
  const lang = useSession((s) => s.language);
  return useMemo(
    () => ({
      decimal: (value: string, opts?: Parameters<typeof formatDecimal>[2]) => formatDecimal(value, lang, opts),
      /** An amount of money by the app's one display rule (see formatMoney). */
      money: (value: string, currency = 'USDT', opts?: Parameters<typeof formatMoney>[3]) =>
        formatMoney(value, currency, lang, opts),
      compact: (value: string | number) => formatCompact(value, lang),
      integer: (value: number) => formatInteger(value, lang),
      percent: (fraction: string) => formatPercentFromFraction(fraction, lang),
      date: (iso: string) => isolate(formatDate(iso, lang)),
      dateTime: (iso: string) => isolate(formatDateTime(iso, lang)),
    }),
    [lang],
  );
}
