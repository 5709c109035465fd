import { LANGUAGE_TAGS, type Language } from '@openbourse/contracts/languages.ts';

/**
 * Display formatting. Amounts arrive as decimal strings and are handed to Intl as strings, which
 * formats them exactly (Intl.NumberFormat v3); they are never turned into JS numbers for arithmetic.
 */
const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value.trim());
}

/**
 * Formatters are costly to create (the first one of a kind takes tens of milliseconds while the
 * engine loads its locale data) and cheap to reuse, so each language and options pair gets one.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

function numberFormat(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  // Latin digits everywhere: prices and balances must be comparable at a glance.
  return cached(
    `n|${lang}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(LANGUAGE_TAGS[lang], { numberingSystem: 'latn', ...options }),
  );
}

/** "1234567.5" → "1,234,567.50" (en); keeps up to `maxFractionDigits` of the given digits. */
export function formatDecimal(
  value: string,
  lang: Language,
  { minFractionDigits = 2, maxFractionDigits = 8 }: { minFractionDigits?: number; maxFractionDigits?: number } = {},
): string {
  const v = value.trim();
  if (!isDecimalString(v)) return value;
  return numberFormat(lang, {
    minimumFractionDigits: Math.min(minFractionDigits, maxFractionDigits),
    maximumFractionDigits: maxFractionDigits,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(v as Intl.StringNumericLiteral);
}

/** "3812345678.12" → "3.8B" (en), "38億" (ja). */
export function formatCompact(value: string | number, lang: Language): string {
  const v = typeof value === 'string' ? value.trim() : value;
  if (typeof v === 'string' && !isDecimalString(v)) return String(value);
  return numberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(v as Intl.StringNumericLiteral);
}

export function formatInteger(value: number, lang: Language): string {
  return numberFormat(lang, { maximumFractionDigits: 0 }).format(value);
}

/** A decimal fraction string as a percentage: "0.0002" → "0.02%". */
export function formatPercentFromFraction(value: string, lang: Language, maxFractionDigits = 4): string {
  const v = value.trim();
  if (!isDecimalString(v)) return value;
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: maxFractionDigits }).format(
    v as Intl.StringNumericLiteral,
  );
}

export function formatDate(
  iso: string,
  lang: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return cached(
    `d|${lang}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { numberingSystem: 'latn', ...options }),
  ).format(date);
}

export function formatDateTime(iso: string, lang: Language): string {
  return formatDate(iso, lang, { dateStyle: 'medium', timeStyle: 'short' });
}
