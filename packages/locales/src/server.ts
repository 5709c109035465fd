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

export const ERROR_MESSAGES: Record<Language, Messages> = { en, ja, ko, th, de, fr, it, es, ar, hk, zh };

export function errorMessage(lang: Language, code: number | string, params?: Record<string, string | number>): string {
  const key = String(code);
  const text = ERROR_MESSAGES[lang][key] ?? ERROR_MESSAGES.en[key] ?? ERROR_MESSAGES[lang].unknown ?? 'Unknown error';
  return interpolate(text, params);
}

export { LANGUAGES };
