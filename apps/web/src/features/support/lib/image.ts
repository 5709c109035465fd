import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { errorText } from '@/shared/i18n/i18n';

/** DESIGN §4: uploads are at most 2 MB; a larger file is not sent at all. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** JPEG and PNG, the images the upload service takes that a browser shows (the server checks the content again). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png';

/** What the browser can tell before sending: size and kind (40019, 40018 as the server would answer). */
export function imageError(file: File): string | undefined {
  if (file.size > MAX_IMAGE_BYTES) return errorText(ErrorCode.UploadTooLarge);
  const known = IMAGE_ACCEPT.split(',').includes(file.type);
  const unnamed = file.type === '' && /\.(jpe?g|png)$/i.test(file.name);
  if (!known && !unnamed) return errorText(ErrorCode.UploadFormat);
  return undefined;
}
