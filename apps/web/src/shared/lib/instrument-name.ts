import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Codes the catalogue can hold: anything else (a separator i18next would split on) is not looked up. */
const CATALOGUE_CODE = /^[A-Za-z0-9_-]+$/;

/**
 * An instrument's name in the reader's language: `instruments.<code>` in app.json, or the name the
 * server sent. The server's names are English, so English has no entries (an operator's rename
 * shows at once); an instrument an operator adds later shows the server's name, and so do forex
 * pairs ("EUR/USD"), written the same in every language and deliberately left out of the catalogue.
 */
export function instrumentName(t: TFunction, code: string, fallback: string): string {
  if (!CATALOGUE_CODE.test(code)) return fallback;
  return t(`instruments.${code}` as never, { defaultValue: fallback }) as string;
}

/** `(code, fallback) => name`, bound to the current language (see instrumentName). */
export function useInstrumentName(): (code: string, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback((code: string, fallback: string) => instrumentName(t, code, fallback), [t]);
}
