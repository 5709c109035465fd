import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the kyc module answers (its README lists them). */
export type KycErrorCode =
  | typeof ErrorCode.DemoNotAllowed
  | typeof ErrorCode.InvalidField
  | typeof ErrorCode.KycTooYoung
  | typeof ErrorCode.UploadRequired
  | typeof ErrorCode.AlreadyApplying
  | typeof ErrorCode.AuthenticationStatusWrong
  | typeof ErrorCode.NotAuthenticated
  | typeof ErrorCode.AlreadyDecided
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<KycErrorCode>();

/** The kyc module's refusals, each a catalogue code. */
export const kycErrors = {
  /** Identity is verified on the real account only (40010). */
  realOnly: () => fail(ErrorCode.DemoNotAllowed),
  /** A birth date in the future, or one no living person has (40001, field birthDate). */
  birthDateWrong: () => fail(ErrorCode.InvalidField, { field: 'birthDate', params: { field: 'birthDate' } }),
  /** Younger than 18 on the server's day (40057, field birthDate). */
  tooYoung: () => fail(ErrorCode.KycTooYoung, { field: 'birthDate' }),
  /** A photo missing, not the user's own, not a KYC upload, or the same file twice (40017, the field). */
  photoRequired: (field: 'frontFileId' | 'backFileId' | 'inHandFileId') => fail(ErrorCode.UploadRequired, { field }),
  /** An application is waiting for review already (80007). */
  alreadyApplying: () => fail(ErrorCode.AlreadyApplying),
  /** Already verified: nothing to submit (10019). */
  alreadyVerified: () => fail(ErrorCode.AuthenticationStatusWrong),
  /** An action that needs a verified identity (10022): the client offers the KYC flow. */
  required: () => fail(ErrorCode.NotAuthenticated),
  /** Decided meanwhile by another reviewer (40036). */
  alreadyDecided: () => fail(ErrorCode.AlreadyDecided),
  /** No such application (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** Too many submissions in an hour (42900, HTTP 429). */
  tooMany: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
};
