import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError, invalidField } from '../../http/errors.ts';

/** The files module's refusals, each a catalogue code; the upload ones name the field `file`. */

/** No file part, or an empty one: 40017. */
export const uploadRequired = () => new AppError(ErrorCode.UploadRequired, { field: 'file' });

/** Not a whole JPG, JPEG 2000 or PNG image, whatever its name or declared type: 40018. */
export const uploadFormat = () => new AppError(ErrorCode.UploadFormat, { field: 'file' });

/** Over 2 MB, or more pixels than the decoder is allowed: 40019. */
export const uploadTooLarge = () => new AppError(ErrorCode.UploadTooLarge, { field: 'file' });

/** A purpose this caller may not upload for: 40001 naming `purpose`. */
export const invalidPurpose = () => invalidField('purpose');

/** No such file, or one the viewer may not read: the same answer, so ids cannot be probed. 40400. */
export const fileNotFound = () => new AppError(ErrorCode.NotFound, { params: { what: 'file' } });
