/** Server-side catalogue: every language's error texts, loaded eagerly (they are small). */
import { LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { interpolate, type Messages } from './index.ts';
import ar from './messages/ar/errors.json' with { type: 'json' };
import de from './messages/de/errors.json' with { type: 'json' };
import en from './messages/en/errors.json' with { type: 'json' };
import es from './messages/es/errors.json' with { type: 'json' };
import fr from './messages/fr/errors.json' with { type: 'json' };
import hk from './messages/hk/errors.json' with { type: 'json' };
import it from './messages/it/errors.json' with { type: 'json' };
import ja from './messages/ja/errors.json' with { type: 'json' };
import ko from './messages/ko/errors.json' with { type: 'json' };
import th from './messages/th/errors.json' with { type: 'json' };
import zh from './messages/zh/errors.json' with { type: 'json' };

import arApp from './messages/ar/app.json' with { type: 'json' };
import deApp from './messages/de/app.json' with { type: 'json' };
import enApp from './messages/en/app.json' with { type: 'json' };
import esApp from './messages/es/app.json' with { type: 'json' };
import frApp from './messages/fr/app.json' with { type: 'json' };
import hkApp from './messages/hk/app.json' with { type: 'json' };
import itApp from './messages/it/app.json' with { type: 'json' };
import jaApp from './messages/ja/app.json' with { type: 'json' };
import koApp from './messages/ko/app.json' with { type: 'json' };
import thApp from './messages/th/app.json' with { type: 'json' };
import zhApp from './messages/zh/app.json' with { type: 'json' };

type AppMessages = { instruments?: Record<string, string> };
// English names are the operators' own (no `instruments` section in en).
const APP = {
  en: enApp,
  ja: jaApp,
  ko: koApp,
  th: thApp,
  de: deApp,
  fr: frApp,
  it: itApp,
  es: esApp,
  ar: arApp,
  hk: hkApp,
  zh: zhApp,
} as Record<Language, unknown> as Record<Language, AppMessages>;

/**
 * An instrument's name in `lang` (app.json `instruments.<code>`, as the browser shows it), else
 * `fallback` (the operator's name for it): a server-written text names it as the pages do.
 */
export function instrumentName(lang: Language, code: string, fallback: string): string {
  return APP[lang].instruments?.[code] ?? fallback;
}

export const ERROR_MESSAGES: Record<Language, Messages> = { en, ja, ko, th, de, fr, it, es, ar, hk, zh };

export function errorMessage(lang: Language, code: number | string, params?: Record<string, string | number>): string {
  const key = String(code);
  const text = ERROR_MESSAGES[lang][key] ?? ERROR_MESSAGES.en[key] ?? ERROR_MESSAGES[lang].unknown ?? 'Unknown error';
  return interpolate(text, params);
}

export { LANGUAGES };
