import type { Language } from '@openbourse/contracts/languages.ts';
import { useCallback } from 'react';
import { sessionStore } from '@/shared/session/session-store';
import { loadLanguage } from './i18n';

/**
 * Loads the language's texts first, then stores it: the session's language feeds the `lang`
 * header and the content query keys, so content in the new language is fetched straight away.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  sessionStore.setLanguage(lang);
}

export function useChangeLanguage() {
  return useCallback((lang: Language) => changeLanguage(lang), []);
}
