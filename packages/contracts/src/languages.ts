export const LANGUAGES = ['en', 'ja', 'ko', 'th', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Language names in their own script, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  hk: '繁體中文',
  zh: '简体中文',
};

/** BCP 47 tag for Intl formatting and the html lang attribute. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  ja: 'ja',
  ko: 'ko',
  th: 'th',
  de: 'de',
  fr: 'fr',
  it: 'it',
  es: 'es',
  ar: 'ar',
  hk: 'zh-HK',
  zh: 'zh-CN',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks a supported language from a `lang` header or an Accept-Language list. */
export function resolveLanguage(lang?: string | null, acceptLanguage?: string | null): Language {
  if (lang) {
    const l = lang.trim().toLowerCase();
    if (isLanguage(l)) return l;
    const mapped = mapTag(l);
    if (mapped) return mapped;
  }
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase();
      if (!tag) continue;
      const mapped = isLanguage(tag) ? tag : mapTag(tag);
      if (mapped) return mapped;
    }
  }
  return DEFAULT_LANGUAGE;
}

function mapTag(tag: string): Language | undefined {
  if (tag === 'zh-hk' || tag === 'zh-tw' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return 'hk';
  if (tag.startsWith('zh')) return 'zh';
  const base = tag.split('-')[0];
  return isLanguage(base) ? base : undefined;
}
