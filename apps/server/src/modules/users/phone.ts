import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AreaCodeEntry } from '@openbourse/contracts/auth.ts';
import { LANGUAGE_TAGS, type Language } from '@openbourse/contracts/languages.ts';

/**
 * Country calling codes come from libphonenumber's metadata (Google's dataset), country names from
 * the runtime's CLDR data through Intl.DisplayNames: nothing here is typed by hand.
 */
const cache = new Map<Language, AreaCodeEntry[]>();

export function listAreaCodes(lang: Language): AreaCodeEntry[] {
  const hit = cache.get(lang);
  if (hit) return hit;
  const names = new Intl.DisplayNames([LANGUAGE_TAGS[lang]], { type: 'region' });
  const collator = new Intl.Collator(LANGUAGE_TAGS[lang]);
  const entries = getCountries()
    .map((country) => ({
      country,
      name: names.of(country) ?? country,
      callingCode: String(getCountryCallingCode(country)),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, entries);
  return entries;
}

const CALLING_CODES = new Set(getCountries().map((c) => String(getCountryCallingCode(c))));

export function isKnownCallingCode(code: string): boolean {
  return CALLING_CODES.has(code);
}

/** True when the number is a possible, valid number for that calling code. */
export function isValidPhone(areaCode: string, phone: string): boolean {
  if (!isKnownCallingCode(areaCode)) return false;
  const parsed = parsePhoneNumberFromString(`+${areaCode}${phone}`);
  return Boolean(parsed?.isValid());
}

/** "+44 77******23" — enough to recognise, not enough to harvest. */
export function maskPhone(areaCode: string, phone: string): string {
  const visibleStart = phone.slice(0, 2);
  const visibleEnd = phone.slice(-2);
  return `+${areaCode} ${visibleStart}${'*'.repeat(Math.max(phone.length - 4, 2))}${visibleEnd}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const head = local.slice(0, 1);
  return `${head}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
}
