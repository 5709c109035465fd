import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError } from '../../http/errors.ts';

/** The admin module's refusals, each a catalogue code. */
export const adminErrors = {
  /** Unknown address or wrong password: one answer (40014), as for customers. */
  signInFailed: () => new AppError(ErrorCode.LoginFailed),
  /** Over the sign-in limits (40015, in minutes). */
  tooManyAttempts: (minutes: number) => new AppError(ErrorCode.TooManyAttempts, { params: { minutes } }),
  /** A TOTP code is needed (40021, field totp). */
  totpRequired: () => new AppError(ErrorCode.TotpRequired, { field: 'totp', params: { field: 'totp' } }),
  /** Wrong, expired or replayed TOTP code (40022, field totp). */
  totpWrong: () => new AppError(ErrorCode.TotpWrong, { field: 'totp', params: { field: 'totp' } }),
  /** The role does not allow the call, or the session is only good for enrolling TOTP (40020). */
  forbidden: () => new AppError(ErrorCode.AdminForbidden),
  /** No admin session (HTTP 401, code 401). */
  unauthorized: () => new AppError(ErrorCode.Unauthorized),
  /** The address belongs to another admin (10007). */
  emailExists: () => new AppError(ErrorCode.EmailExists, { field: 'email', params: { field: 'email' } }),
  /** A content slug in use (40900, field slug). */
  slugExists: () => new AppError(ErrorCode.Conflict, { field: 'slug', params: { field: 'slug' } }),
  /** Unknown admin (80005). */
  noRecord: () => new AppError(ErrorCode.NoRecord),
  /** TOTP already set up (enrol), or no enrolment under way (confirm): 40900. */
  totpState: () => new AppError(ErrorCode.Conflict),
  /** The last active owner cannot go (40023). */
  lastOwner: () => new AppError(ErrorCode.LastOwner),
};
