/**
 * The NFT item editor's form: what it holds as text, the checks said before sending (the server's
 * own, as far as the console can tell), and the input it sends. Times are entered and shown in UTC;
 * the bid step as a percentage (500 bps = 5 %), the extension in minutes. Amounts stay decimal strings.
 */
import { NFT_DEFAULT_EXTEND_SECONDS, NFT_DEFAULT_STEP_BPS } from '@openbourse/contracts/nfts.ts';
import type { Texts } from './language-texts';
import { writtenTexts } from './language-texts';
import type { Item, ItemInput } from './nfts-api';

export interface ItemForm {
  texts: Texts;
  imageFileId: string;
  /** The thumbnail shown for the image (the item's, or the upload's). */
  thumbnail: string;
  collectionId: string;
  charityId: string;
  edition: string;
  editionSize: string;
  currency: string;
  startPrice: string;
  reserve: string;
  buyNow: string;
  stepPercent: string;
  extendMinutes: string;
  /** `YYYY-MM-DDTHH:mm`, UTC (a datetime-local input's value). */
  startAt: string;
  endAt: string;
  sellerUserId: string;
}

/** The fields an item's first bid freezes (contracts/nfts.ts: prices, times, step, extension, charity, seller). */
export const FROZEN_FIELDS = [
  'currency',
  'startPrice',
  'reserve',
  'buyNow',
  'stepPercent',
  'extendMinutes',
  'startAt',
  'endAt',
  'charityId',
  'sellerUserId',
] as const satisfies readonly (keyof ItemForm)[];

/** Where the server's field names show on the form. */
export const FIELD_OF: Record<string, keyof ItemForm | 'titles' | 'stories'> = {
  bidStepBps: 'stepPercent',
  extendSeconds: 'extendMinutes',
};

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const isPositive = (s: string) => DECIMAL.test(s) && /[1-9]/.test(s);
const MINUTE = 60_000;

/** Epoch ms → `YYYY-MM-DDTHH:mm` in UTC. */
export function utcInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** `YYYY-MM-DDTHH:mm` read as UTC → epoch ms; null when it is not one. */
export function parseUtcInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim())) return null;
  const ms = Date.parse(`${text.trim()}:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** Exact order of two decimal strings (−1, 0, 1), through integers. */
export function compareDecimals(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(scale, '0'));
  const y = BigInt(bi + bf.padEnd(scale, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** 500 → "5", 250 → "2.5", 1 → "0.01". */
export function percentOfBps(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** "5" → 500, "2.5" → 250, "0.01" → 1; null unless 0.01 to 100 with at most 2 decimals. */
export function bpsOfPercent(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps >= 1 && bps <= 10_000 ? bps : null;
}

/** Minutes (whole, or with a fraction) → seconds; null unless 0 to 24 h. */
export function secondsOfMinutes(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const seconds = Math.round(Number(`${m[1]}.${m[2] ?? '0'}`) * 60);
  return seconds <= 86_400 ? seconds : null;
}

/** "50.000000" → "50", "12.500000" → "12.5": the same amount, as an operator writes it. */
export const trimZeros = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

const minutesOf = (seconds: number) =>
  seconds % 60 === 0 ? String(seconds / 60) : String(Math.round((seconds / 60) * 100) / 100);

export function itemForm(item: Item | null, now: number, defaults: { collectionId?: number }): ItemForm {
  if (!item) {
    // A new item starts on the next hour and runs a week.
    const start = Math.ceil(now / (60 * MINUTE)) * 60 * MINUTE;
    return {
      texts: { titles: { en: '' }, stories: { en: '' } },
      imageFileId: '',
      thumbnail: '',
      collectionId: defaults.collectionId ? String(defaults.collectionId) : '',
      charityId: '',
      edition: '1',
      editionSize: '1',
      currency: 'USDT',
      startPrice: '',
      reserve: '',
      buyNow: '',
      stepPercent: percentOfBps(NFT_DEFAULT_STEP_BPS),
      extendMinutes: minutesOf(NFT_DEFAULT_EXTEND_SECONDS),
      startAt: utcInput(start),
      endAt: utcInput(start + 7 * 24 * 60 * MINUTE),
      sellerUserId: '',
    };
  }
  return {
    texts: { titles: { ...item.titles }, stories: { ...item.stories } },
    imageFileId: item.imageFileId,
    thumbnail: item.thumbnail,
    collectionId: String(item.collectionId),
    charityId: String(item.charityId),
    edition: String(item.edition),
    editionSize: String(item.editionSize),
    currency: item.currency,
    startPrice: trimZeros(item.startPrice),
    reserve: trimZeros(item.reserve),
    buyNow: item.buyNow === null ? '' : trimZeros(item.buyNow),
    stepPercent: percentOfBps(item.bidStepBps),
    extendMinutes: minutesOf(item.extendSeconds),
    startAt: utcInput(item.startAt),
    endAt: utcInput(item.originalEndAt),
    sellerUserId: item.sellerUserId === null ? '' : String(item.sellerUserId),
  };
}

const wholeIn = (s: string, min: number, max: number) =>
  /^\d{1,16}$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;

/** What the server would refuse, said on the field before sending. */
export function itemErrors(f: ItemForm): Partial<Record<string, string>> {
  const e: Partial<Record<string, string>> = {};
  if (!f.texts.titles?.en?.trim()) e.titles = 'The English title is required';
  if (!f.texts.stories?.en?.trim()) e.stories = 'The English story is required';
  if (!f.imageFileId) e.imageFileId = 'Upload the artwork';
  if (!f.collectionId) e.collectionId = 'Choose a collection';
  if (!f.charityId) e.charityId = 'Choose a charity';
  if (!wholeIn(f.editionSize, 1, 1_000_000)) e.editionSize = '1 to 1,000,000';
  if (!wholeIn(f.edition, 1, 1_000_000)) e.edition = '1 to 1,000,000';
  else if (wholeIn(f.editionSize, 1, 1_000_000) && Number(f.edition) > Number(f.editionSize))
    e.edition = 'At most the edition size';
  if (!/^[A-Z0-9]{2,12}$/.test(f.currency.trim())) e.currency = 'A currency code, e.g. USDT';
  const [start, reserve, buyNow] = [f.startPrice.trim(), f.reserve.trim(), f.buyNow.trim()];
  if (!isPositive(start)) e.startPrice = 'A number above 0';
  if (!isPositive(reserve)) e.reserve = 'A number above 0 (the start price for no other floor)';
  else if (isPositive(start) && compareDecimals(reserve, start) < 0) e.reserve = 'At least the start price';
  if (buyNow) {
    if (!isPositive(buyNow)) e.buyNow = 'A number above 0, or empty for none';
    else if (isPositive(reserve) && compareDecimals(buyNow, reserve) <= 0) e.buyNow = 'Above the reserve';
    else if (isPositive(start) && compareDecimals(buyNow, start) <= 0) e.buyNow = 'Above the start price';
  }
  if (bpsOfPercent(f.stepPercent) === null) e.stepPercent = '0.01 to 100 %, at most 2 decimals';
  if (secondsOfMinutes(f.extendMinutes) === null) e.extendMinutes = '0 to 1440 minutes';
  const [startAt, endAt] = [parseUtcInput(f.startAt), parseUtcInput(f.endAt)];
  if (startAt === null) e.startAt = 'A date and time (UTC)';
  if (endAt === null) e.endAt = 'A date and time (UTC)';
  else if (startAt !== null && endAt <= startAt) e.endAt = 'After the start';
  if (f.sellerUserId.trim() && !wholeIn(f.sellerUserId, 1, Number.MAX_SAFE_INTEGER))
    e.sellerUserId = 'A user id, or empty';
  return e;
}

export function itemInput(f: ItemForm): ItemInput {
  return {
    collectionId: Number(f.collectionId),
    titles: writtenTexts(f.texts.titles ?? {}),
    stories: writtenTexts(f.texts.stories ?? {}),
    imageFileId: f.imageFileId,
    edition: Number(f.edition),
    editionSize: Number(f.editionSize),
    currency: f.currency.trim(),
    startPrice: f.startPrice.trim(),
    reserve: f.reserve.trim(),
    buyNow: f.buyNow.trim() || null,
    bidStepBps: bpsOfPercent(f.stepPercent) ?? 0,
    extendSeconds: secondsOfMinutes(f.extendMinutes) ?? 0,
    startAt: parseUtcInput(f.startAt) ?? 0,
    endAt: parseUtcInput(f.endAt) ?? 0,
    charityId: Number(f.charityId),
    sellerUserId: f.sellerUserId.trim() ? Number(f.sellerUserId) : null,
  };
}
