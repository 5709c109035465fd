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

/** Minor-unit scale of each currency the ledger keeps (DESIGN §1.1); others default to 8. */
const CURRENCY_SCALE: Record<string, number> = { USDT: 6, USD: 2, BTC: 8, ETH: 8 };
export const currencyScale = (currency: string): number => CURRENCY_SCALE[currency] ?? 8;

/** Left-to-right isolate: a signed figure keeps its sign in front inside right-to-left text. */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * The one display rule for an amount of money: grouped, at least 2 decimals and up to the
 * currency's own scale, so a ledger amount is always shown whole — never rounded, in the user's
 * favour or otherwise ("5.79775" stays "5.79775", "−0.0026" and "−1.70" follow one rule). With
 * `signed`, a gain gets "+".
 */
export function formatMoney(
  value: string,
  currency: string,
  lang: Language,
  { signed = false, code = true }: { signed?: boolean; code?: boolean } = {},
): string {
  const v = value.trim();
  if (!isDecimalString(v)) return value;
  const digits = formatDecimal(v, lang, { minFractionDigits: 2, maxFractionDigits: currencyScale(currency) });
  const plus = signed && !v.startsWith('-') && /[1-9]/.test(v) ? '+' : '';
  const text = `${plus}${digits}${code ? ` ${currency}` : ''}`;
  // Isolated left to right when it carries a sign or a currency code: in Arabic text the figure
  // keeps its sign in front and its code after it ("4,752,329.00 USDT", not "USDT 4,752,329.00").
  return signed || code ? ltr(text) : text;
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
