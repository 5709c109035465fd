import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the admin API answers besides validation (40001). */
export type AdminErrorCode =
  | typeof ErrorCode.LoginFailed
  | typeof ErrorCode.TooManyAttempts
  | typeof ErrorCode.TotpRequired
  | typeof ErrorCode.TotpWrong
  | typeof ErrorCode.AdminForbidden
  | typeof ErrorCode.Unauthorized
  | typeof ErrorCode.EmailExists
  | typeof ErrorCode.Conflict
  | typeof ErrorCode.SpotGridLocked
  | typeof ErrorCode.SpotPairListed
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.LastOwner;

const fail = moduleErrors<AdminErrorCode>();

/** The admin module's refusals, each a catalogue code. */
export const adminErrors = {
  /** Unknown address or wrong password: one answer (40014), as for customers. */
  signInFailed: () => fail(ErrorCode.LoginFailed),
  /** Over the sign-in limits (40015, in minutes). */
  tooManyAttempts: (minutes: number) => fail(ErrorCode.TooManyAttempts, { params: { minutes } }),
  /** A TOTP code is needed (40021, field totp). */
  totpRequired: () => fail(ErrorCode.TotpRequired, { field: 'totp', params: { field: 'totp' } }),
  /** Wrong, expired or replayed TOTP code (40022, field totp). */
  totpWrong: () => fail(ErrorCode.TotpWrong, { field: 'totp', params: { field: 'totp' } }),
  /** The role does not allow the call, or the session is only good for enrolling TOTP (40020). */
  forbidden: () => fail(ErrorCode.AdminForbidden),
  /** No admin session (HTTP 401, code 401). */
  unauthorized: () => fail(ErrorCode.Unauthorized),
  /** The address belongs to another admin (10007). */
  emailExists: () => fail(ErrorCode.EmailExists, { field: 'email', params: { field: 'email' } }),
  /** A content slug in use (40900, field slug). */
  slugExists: () => fail(ErrorCode.Conflict, { field: 'slug', params: { field: 'slug' } }),
  /** Unknown admin (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** TOTP already set up (enrol), or no enrolment under way (confirm): 40900. */
  totpState: () => fail(ErrorCode.Conflict),
  /** A spot pair's grid while orders rest on it (40054, field tickSize or lotSize), or its symbol listed already (40055). */
  spotPairConflict: (field: 'tickSize' | 'lotSize' | 'symbol') =>
    field === 'symbol' ? fail(ErrorCode.SpotPairListed, { field }) : fail(ErrorCode.SpotGridLocked, { field }),
  /** The last active owner cannot go (40023). */
  lastOwner: () => fail(ErrorCode.LastOwner),
};
