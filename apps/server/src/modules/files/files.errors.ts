import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { invalidField, moduleErrors } from '../../http/errors.ts';

/** Every code the files module answers. */
export type FilesErrorCode =
  | typeof ErrorCode.UploadRequired
  | typeof ErrorCode.UploadFormat
  | typeof ErrorCode.UploadTooLarge
  | typeof ErrorCode.InvalidField
  | typeof ErrorCode.NotFound;

const fail = moduleErrors<FilesErrorCode>();

/** The files module's refusals, each a catalogue code; the upload ones name the field `file`. */

/** No file part, or an empty one: 40017. */
export const uploadRequired = () => fail(ErrorCode.UploadRequired, { field: 'file' });

/** Not a whole JPG, JPEG 2000 or PNG image, whatever its name or declared type: 40018. */
export const uploadFormat = () => fail(ErrorCode.UploadFormat, { field: 'file' });

/** Over 2 MB, or more pixels than the decoder is allowed: 40019. */
export const uploadTooLarge = () => fail(ErrorCode.UploadTooLarge, { field: 'file' });

/** A purpose this caller may not upload for: 40001 naming `purpose`. */
export const invalidPurpose = () => invalidField('purpose');

/** No such file, or one the viewer may not read: the same answer, so ids cannot be probed. 40400. */
export const fileNotFound = () => fail(ErrorCode.NotFound, { params: { what: 'file' } });
