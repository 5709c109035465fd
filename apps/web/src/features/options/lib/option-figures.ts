import { LANGUAGE_TAGS, type Language } from '@openbourse/contracts/languages.ts';

/**
 * Display pieces of the options ticket that are not money: periods, basis points, countdowns.
 * Money and rates stay decimal strings and go to the shared formatters as they are.
 */

const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

/**
 * A period in seconds in the largest unit that divides it exactly ("300" → "5 min", "86400" →
 * "1 day"), in the language, so 90 minutes reads "90 min" rather than a rounded "1.5 hr".
 */
export function formatPeriod(seconds: number, lang: Language, display: 'short' | 'long' = 'short'): string {
  const found = UNITS.find((u) => seconds % u.seconds === 0);
  const unit = found?.unit ?? 'second';
  const value = found ? seconds / found.seconds : seconds;
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang], {
    style: 'unit',
    unit,
    unitDisplay: display,
    numberingSystem: 'latn',
  }).format(value);
}

/** Basis points as a decimal fraction string, exactly: 500 → "0.05", 7 → "0.0007". */
export function bpsToFraction(bps: number): string {
  if (!Number.isSafeInteger(bps) || bps < 0) throw new Error(`bad basis points: ${bps}`);
  const digits = String(bps).padStart(5, '0');
  const fraction = `${digits.slice(0, -4)}.${digits.slice(-4)}`.replace(/0+$/, '').replace(/\.$/, '');
  return fraction.replace(/^0+(?=\d)/, '');
}

/**
 * Time left as a clock ("4:59", "1:00:00"; over a day "2 d 03:04:05" with the unit in the
 * language). Whole seconds, rounded up, so "0:00" means the moment has passed.
 */
export function formatCountdown(msLeft: number, lang: Language): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock =
    hours > 0 || days > 0
      ? `${days > 0 ? two(hours) : hours}:${two(minutes)}:${two(seconds)}`
      : `${minutes}:${two(seconds)}`;
  if (days === 0) return clock;
  const day = new Intl.NumberFormat(LANGUAGE_TAGS[lang], {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'narrow',
    numberingSystem: 'latn',
  }).format(days);
  return `${day} ${clock}`;
}
