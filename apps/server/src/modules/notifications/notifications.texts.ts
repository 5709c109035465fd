import { type Language, RTL_LANGUAGES } from '@openbourse/contracts/languages.ts';
import type { NotificationKind } from '@openbourse/contracts/notifications.ts';
import { formatDecimal, formatMoney, isDecimalString } from '@openbourse/locales/format.ts';
import { errorMessage, instrumentName } from '@openbourse/locales/server.ts';

const RTL: ReadonlySet<Language> = new Set(RTL_LANGUAGES);
/**
 * Values that are names or words (an instrument's, an NFT's title, a charity's, an option's direction):
 * isolated by their own first letter.
 */
const NAMES: ReadonlySet<string> = new Set(['name', 'title', 'charity', 'direction']);

/**
 * Titles and bodies live in the server-side catalogue (locales errors.json, `notify.<kind>.title`
 * and `.body`, every language) and are rendered when the list is read, in the reader's language:
 * a user who changes language reads their notifications in the new one.
 */
export function renderNotification(
  lang: Language,
  kind: NotificationKind,
  params: Record<string, string>,
): { title: string; body: string } {
  // In right-to-left text, a value (order number, price, signed P/L, address) is isolated left to
  // right, so "-12.5" keeps its sign in front and "U2026…" its order.
  const values: Record<string, string> = {};
  // A name (Arabic in Arabic) is isolated by its own first letter instead.
  for (const [k, v] of Object.entries(displayed(lang, params))) {
    values[k] = RTL.has(lang) && v ? `${NAMES.has(k) ? '\u2068' : '\u2066'}${v}\u2069` : v;
  }
  // A sign-in from a client that named no browser.
  if (kind === 'newSignIn' && !params.device) values.device = errorMessage(lang, 'notify.unknownDevice');
  // An option's direction is a word of the reader's language ("call" / "put").
  if (kind === 'optionWon' || kind === 'optionLost') {
    const word = errorMessage(lang, `notify.option.${params.direction === 'put' ? 'put' : 'call'}`);
    values.direction = RTL.has(lang) ? `\u2068${word}\u2069` : word;
  }
  // A price alert's sentence is worded by its direction ("rose to" / "fell to"), one text each.
  const body = kind === 'priceAlert' ? `notify.priceAlert.${params.condition === 'below' ? 'below' : 'above'}` : null;
  return {
    title: errorMessage(lang, `notify.${kind}.title`, values),
    body: errorMessage(lang, body ?? `notify.${kind}.body`, values),
  };
}

/** Prices exactly as given (every digit kept), grouped as in the reader's language. */
const PRICES = ['price', 'target', 'strike'] as const;
/** Amounts of the notification's currency (deposits, loans, yields, an option's payout and premium). */
const MONEY = ['amount', 'income', 'payout', 'premium'] as const;

/**
 * The stored parameters as the reader sees them: prices grouped in their language with every
 * digit kept, a profit or loss by the money rule (signed, at least 2 decimals), and the
 * instrument's name in their language (the stored name is the operator's, in English).
 */
function displayed(lang: Language, params: Record<string, string>): Record<string, string> {
  const out = { ...params };
  for (const key of PRICES) {
    const v = out[key];
    if (v && isDecimalString(v)) {
      const decimals = v.split('.')[1]?.length ?? 0;
      out[key] = formatDecimal(v, lang, { minFractionDigits: decimals, maxFractionDigits: decimals });
    }
  }
  // Amounts (a deposit's, a smart plan's yields, an option's payout) by the money rule of their currency.
  for (const key of MONEY) {
    const v = out[key];
    if (v && out.currency && isDecimalString(v)) out[key] = formatMoney(v, out.currency, lang, { code: false });
  }
  const pnl = out.pnl?.replace(/^\+/, '');
  if (pnl && isDecimalString(pnl)) {
    // Isolated below, with the other values, for right-to-left readers only.
    out.pnl = formatMoney(pnl, 'USDT', lang, { signed: true, code: false }).replace(/[\u2066-\u2069]/g, '');
  }
  if (out.code) out.name = instrumentName(lang, out.code, out.name ?? out.code);
  // A charity NFT's title as written in the reader's language (`title.<lang>`), else the English one.
  const title = params[`title.${lang}`];
  if (title) out.title = title;
  return out;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome · Windows" from a User-Agent header (brand names, the same in every language); the
 * empty string when it names neither (the text then says "an unknown device" in its language).
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? '';
}
