import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { ageOn, KYC_MIN_AGE_YEARS } from '@openbourse/contracts/kyc.ts';
import { errorText } from '@/shared/i18n/i18n';

/** DESIGN §4: uploads are at most 2 MB; a larger file is not sent at all. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
/** JPG, PNG and JPEG 2000 (by type, and by name where the system gives JPEG 2000 no type). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/jp2,.jp2,.j2k';

const JPEG2000 = /\.(jp2|j2k|jpf|jpx)$/i;

/** JPEG 2000 is accepted but no browser shows it: its name and size stand in for the preview. */
export function isJpeg2000(file: File): boolean {
  return file.type === 'image/jp2' || file.type === 'image/jpx' || JPEG2000.test(file.name);
}

/** What the browser can tell before sending (the server checks the content again): size and kind. */
export function photoError(file: File): string | undefined {
  if (file.size > MAX_PHOTO_BYTES) return errorText(ErrorCode.UploadTooLarge);
  const known = file.type === 'image/jpeg' || file.type === 'image/png' || isJpeg2000(file);
  const unnamed = file.type === '' && /\.(jpe?g|png)$/i.test(file.name);
  if (!known && !unnamed) return errorText(ErrorCode.UploadFormat);
  return undefined;
}

/** Today's calendar day in UTC, `YYYY-MM-DD` (the server counts age on its own clock the same way). */
export const todayUtc = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** 40057 for a birth date under 18 years ago (or in the future), as the server would answer. */
export function birthDateError(birthDate: string, now = Date.now()): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return undefined;
  return ageOn(birthDate, todayUtc(now)) < KYC_MIN_AGE_YEARS ? errorText(ErrorCode.KycTooYoung) : undefined;
}

/** "1.4 MB" / "830 KB", for the JPEG 2000 stand-in. */
export function fileSize(bytes: number, lang: string): string {
  const nf = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  return bytes >= 1024 * 1024 ? `${nf(bytes / 1024 / 1024)} MB` : `${nf(Math.max(bytes, 1) / 1024)} KB`;
}
