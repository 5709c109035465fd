import type { ErrorCode, SuccessMessageCode } from '@openbourse/contracts/errors.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language, RTL_LANGUAGES } from '@openbourse/contracts/languages.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, unknown>;
type Loader = () => Promise<Messages>;

/**
 * One lazy chunk per language and namespace: only the active language is downloaded. A language
 * whose app.json does not exist yet borrows English (loaded on demand, never bundled).
 */
const appLoaders = import.meta.glob<Messages>('../../../../../packages/locales/src/messages/*/app.json', {
  import: 'default',
});
const errorLoaders = import.meta.glob<Messages>('../../../../../packages/locales/src/messages/*/errors.json', {
  import: 'default',
});

export type Namespace = 'app' | 'errors';

function loaderFor(lang: Language, ns: Namespace): Loader | undefined {
  const loaders = ns === 'app' ? appLoaders : errorLoaders;
  const suffix = `/messages/${lang}/${ns}.json`;
  const key = Object.keys(loaders).find((path) => path.endsWith(suffix));
  return key ? loaders[key] : undefined;
}

export function hasMessages(lang: Language, ns: Namespace): boolean {
  return loaderFor(lang, ns) !== undefined;
}

/** The i18next language for one of our codes ("hk" → "zh-HK"), so plural rules and Intl agree. */
export function i18nLanguage(lang: Language): string {
  return LANGUAGE_TAGS[lang];
}

const FALLBACK_TAG = i18nLanguage(DEFAULT_LANGUAGE);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: FALLBACK_TAG,
  fallbackLng: FALLBACK_TAG,
  ns: ['app', 'errors'],
  defaultNS: 'app',
  load: 'currentOnly',
  // The error catalogue (shared with the server) writes placeholders as {name}; app.json follows.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
});

async function loadNamespace(lang: Language, ns: Namespace): Promise<void> {
  const tag = i18nLanguage(lang);
  if (i18n.hasResourceBundle(tag, ns)) return;
  const loader = loaderFor(lang, ns);
  if (loader) {
    i18n.addResourceBundle(tag, ns, await loader(), true, true);
  } else if (lang !== DEFAULT_LANGUAGE) {
    // Not translated yet: English answers through fallbackLng.
    await loadNamespace(DEFAULT_LANGUAGE, ns);
  }
}

let latestRequest = 0;

/**
 * Loads the language's texts, switches i18next to it and marks the document (lang, dir). When
 * calls overlap, the last one wins.
 */
export async function loadLanguage(lang: Language, doc: Document | undefined = globalThis.document): Promise<void> {
  const request = ++latestRequest;
  await Promise.all([loadNamespace(lang, 'app'), loadNamespace(lang, 'errors')]);
  if (request !== latestRequest) return;
  await i18n.changeLanguage(i18nLanguage(lang));
  if (doc) {
    doc.documentElement.lang = i18nLanguage(lang);
    doc.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  }
}

export function isRtl(lang: Language): boolean {
  return RTL_LANGUAGES.includes(lang);
}

/**
 * The translated text of a catalogue code (by name: `ErrorCode.X`, `SuccessCode.Y`, or the digits
 * a schema names as "E<code>"), or the unknown-error text when the code has none.
 */
export function errorText(
  code: ErrorCode | SuccessMessageCode | 'unknown' | 'timeout',
  params?: Record<string, string | number>,
): string {
  return errorTextOf(code, params);
}

/**
 * The same for a code that came from outside (a server answer, a schema's "E<code>"): it may be
 * one this client does not know yet, which reads as the unknown-error text.
 */
export function errorTextOf(code: number | string, params?: Record<string, string | number>): string {
  const key = `errors:${code}`;
  if (i18n.exists(key)) return String(i18n.t(key as never, params as never));
  return i18n.t('errors:unknown');
}
