import { ISO_COUNTRIES } from '@openbourse/contracts/kyc.ts';
import { useMemo } from 'react';
import { i18nLanguage } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The ISO 3166 countries named in the page's language and sorted by that name (the browser knows
 * every name: nothing to translate by hand). A code the browser cannot name stays its code.
 */
export function countryOptions(lang: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(lang);
  return ISO_COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

export function useCountryOptions(): CountryOption[] {
  const lang = useSession((s) => s.language);
  return useMemo(() => countryOptions(i18nLanguage(lang)), [lang]);
}
